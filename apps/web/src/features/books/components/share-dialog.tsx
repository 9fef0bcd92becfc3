/**
 * The share dialog of spec books §6 'Shared dialogs': a book page's link (its details sheet, QR
 * image or PDF) to copy — 'Link copied' for 3 seconds — or to send by WhatsApp or e-mail, the
 * two ways a Gyan Bhandar and a publisher pass a book on.
 */
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import { useCopyLink } from './use-copy-link';

/** What is shared: its name in the dialog's title, the book's title for the message, and the link. */
export interface ShareTarget {
  label: string;
  title: string;
  url: string;
}

export function ShareDialog({ target, onClose }: { target: ShareTarget | null; onClose: () => void }) {
  const { t } = useTranslation('books');
  const fullScreen = useFullScreenDialog();
  const { copied, copy } = useCopyLink();
  const link = target ? new URL(target.url, window.location.origin).href : '';
  const message = target ? `${target.title} — ${target.label}: ${link}` : '';
  return (
    <Dialog open={Boolean(target)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">{t('share.title', { what: target?.label ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('share.link')} value={link} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy('link', link)}>
              {t('share.copy')}
            </Button>
            <Button variant="outlined" startIcon={<WhatsAppIcon />} href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener">
              WhatsApp
            </Button>
            <Button variant="outlined" startIcon={<MailOutlineIcon />} href={`mailto:?subject=${encodeURIComponent(target?.title ?? '')}&body=${encodeURIComponent(message)}`}>
              {t('share.email')}
            </Button>
          </Stack>
          <Typography variant="body2" color="success.dark" role="status" sx={{ fontWeight: 600, minHeight: '1.5em' }}>
            {copied ? t('share.copied') : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
