/**
 * The dialog of a moderation action that needs words (a reason, a question): one text box, the
 * server's message under it when it refuses (naming the field), the whole screen on a phone.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { ApiError, toastSuccess } from '../../../../api/client';
import { dialogFormSx, useFullScreenDialog } from '../../../../components/responsive-dialog';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does, said before the operator confirms it. */
  description?: ReactNode;
  label: string;
  confirm: string;
  /** A second, optional field (the JSBN a withdrawn book duplicates). */
  extra?: { label: string; helper: string };
  /** Required: an empty text is not sent (the server refuses it too). */
  required?: boolean;
  onClose: () => void;
  /** Sends the text (and the extra field); resolves with the server's reply. */
  onSubmit: (text: string, extra: string) => Promise<{ message: string }>;
}

export function ReasonDialog({ open, title, description, label, confirm, extra, required = true, onClose, onSubmit }: ReasonDialogProps) {
  const { t } = useTranslation('operatorModeration');
  const fullScreen = useFullScreenDialog();
  const [text, setText] = useState('');
  const [extraText, setExtraText] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setText('');
    setExtraText('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (required && !text.trim()) return setError({ field: 'text', message: t('dialog.required') });
    setBusy(true);
    try {
      const reply = await onSubmit(text, extraText);
      toastSuccess(reply.message);
      setBusy(false);
      close();
    } catch (failure) {
      setBusy(false);
      const detail = failure instanceof ApiError ? failure.details[0] : undefined;
      const message = failure instanceof ApiError ? (detail?.message ?? failure.message) : t('dialog.failed');
      setError({ field: detail && extra && detail.field !== 'reason' && detail.field !== 'question' ? 'extra' : 'text', message });
    }
  };
  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="reason-dialog-title">
      <Box
        component="form"
        noValidate
        sx={dialogFormSx}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {description ? <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText> : null}
          <TextField
            autoFocus
            label={label}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            required={required}
            error={error?.field === 'text'}
            helperText={error?.field === 'text' ? error.message : ' '}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {extra ? (
            <TextField
              label={extra.label}
              value={extraText}
              onChange={(event) => setExtraText(event.target.value)}
              fullWidth
              error={error?.field === 'extra'}
              helperText={error?.field === 'extra' ? error.message : extra.helper}
              slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
