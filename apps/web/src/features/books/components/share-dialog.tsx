/**
 * The share dialog ('Shared dialogs'), where the browser has no share sheet of its own
 * (decision 029): the book page's address — the public /jsbn/… page, written out whole so it
 * wraps on a phone — one 'Copy link' ('Link copied' for 3 seconds) and one WhatsApp link, the way
 * a Gyan Bhandar and a publisher pass a book on. The details sheet and the QR code are the
 * page's own downloads, not links to share.
 */
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import { useCopyLink } from './use-copy-link';
import { whatsAppShareLink } from './share-book';

/** What is shared: the book's title (the dialog's title), the message's text before the link, and the page's absolute link. */
export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

export function ShareDialog({ target, onClose }: { target: ShareTarget | null; onClose: () => void }) {
  const { t } = useTranslation('books');
  const fullScreen = useFullScreenDialog();
  const { copied, copy } = useCopyLink();
  return (
    <Dialog open={Boolean(target)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title" sx={{ wordBreak: 'break-word' }}>
        {t('share.title', { what: target?.title ?? '' })}
      </DialogTitle>
      <DialogContent>
        {target ? (
          <Stack spacing={1.5} component="section" aria-labelledby="share-address-title" data-testid="share-page">
            <Typography id="share-address-title" color="text.secondary">
              {t('share.address')}
            </Typography>
            <Typography
              data-testid="share-address"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'grey.100', borderRadius: 1, px: 1.5, py: 1 }}
            >
              {target.url}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy('page', target.url)}>
                {t('share.copy')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<WhatsAppIcon />}
                href={whatsAppShareLink(target.text, target.url)}
                target="_blank"
                rel="noopener"
              >
                {t('share.whatsapp')}
              </Button>
            </Stack>
            <Typography variant="body2" color="success.dark" role="status" sx={{ fontWeight: 600, minHeight: '1.5em' }}>
              {copied ? t('share.copied') : ''}
            </Typography>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
