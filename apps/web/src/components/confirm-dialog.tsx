import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface Props {
  open: boolean;
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question (order actions, availability, logout). */
export function ConfirmDialog({ open, title, message, confirmText, cancelText, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelText ?? t('confirm.no')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmText ?? t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
