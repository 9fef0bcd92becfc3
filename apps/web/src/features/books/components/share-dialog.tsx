/**
 * The share dialog ('Shared dialogs'), where the browser has no share sheet of its
 * own: a book's links — its page first, then its details sheet and its QR code (decision 029) —
 * each to copy ('Link copied' for 3 seconds) or to send by WhatsApp or e-mail, the two ways a
 * Gyan Bhandar and a publisher pass a book on.
 */
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { useFullScreenDialog } from '../../../components/responsive-dialog';
import { useCopyLink } from './use-copy-link';

/** One link offered: its name in the dialog, and the link (absolute or a path of this site). */
export interface SharedLink {
  key: string;
  label: string;
  url: string;
}

/** What is shared: the book's title (the dialog's title and the message's subject) and its links, the page first. */
export interface ShareTarget {
  title: string;
  links: SharedLink[];
}

function ShareLink({
  title,
  link,
  copied,
  onCopy,
}: {
  title: string;
  link: SharedLink;
  copied: boolean;
  onCopy: (key: string, url: string) => void;
}) {
  const { t } = useTranslation('books');
  const url = new URL(link.url, window.location.origin).href;
  const message = `${title} — ${link.label}: ${url}`;
  const id = `share-${link.key}`;
  return (
    <Stack spacing={1} component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Typography id={`${id}-title`} sx={{ fontWeight: 700 }}>
        {link.label}
      </Typography>
      <TextField
        label={t('share.link')}
        value={url}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant={link.key === 'page' ? 'contained' : 'outlined'}
          startIcon={<ContentCopyIcon />}
          onClick={() => onCopy(link.key, url)}
          aria-label={t('share.copyOf', { what: link.label })}
        >
          {t('share.copy')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<WhatsAppIcon />}
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener"
          aria-label={t('share.whatsappOf', { what: link.label })}
        >
          WhatsApp
        </Button>
        <Button
          variant="outlined"
          startIcon={<MailOutlineIcon />}
          href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`}
          aria-label={t('share.emailOf', { what: link.label })}
        >
          {t('share.email')}
        </Button>
      </Stack>
      <Typography variant="body2" color="success.dark" role="status" sx={{ fontWeight: 600, minHeight: '1.5em' }}>
        {copied ? t('share.copied') : ''}
      </Typography>
    </Stack>
  );
}

export function ShareDialog({ target, onClose }: { target: ShareTarget | null; onClose: () => void }) {
  const { t } = useTranslation('books');
  const fullScreen = useFullScreenDialog();
  const { copied, copy } = useCopyLink();
  return (
    <Dialog open={Boolean(target)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">{t('share.title', { what: target?.title ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }} divider={<Divider flexItem />}>
          {target?.links.map((link) => (
            <ShareLink
              key={link.key}
              title={target.title}
              link={link}
              copied={copied === link.key}
              onCopy={(key, url) => void copy(key, url)}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
