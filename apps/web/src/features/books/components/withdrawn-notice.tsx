/**
 * The notice of a withdrawn JSBN (decision 043), as the app shows it when it reaches a withdrawn
 * book's page (the server answers a scanned QR code with the same notice, status 410): the
 * server's sentence 'This JSBN was withdrawn on DD/MM/YYYY: <reason>' in the reader's language,
 * the title of the book it was, and 'See JSBN …' to the book it duplicates. The server renders it
 * for a scanned QR code too (status 410, decision 072).
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Alert, AlertTitle, Box, Link, Stack } from '@mui/material';
import { bookDetailPath, paths } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';
import { useMessages } from '../../../i18n';

export function WithdrawnNotice({ title, message, seeJsbn }: { title: string | null; message: string; seeJsbn: string | null }) {
  const { t } = useTranslation('books');
  // the server's render asks the API in English: the notice is put in the page's language here
  const say = useMessages();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Alert severity="warning" data-testid="withdrawn-notice" sx={{ wordBreak: 'break-word' }}>
        <AlertTitle component="h1" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {t('withdrawn.title')}
        </AlertTitle>
        {title ? (
          <Box component="p" data-withdrawn-title sx={{ m: 0, mb: 1, fontWeight: 700 }}>
            {title}
          </Box>
        ) : null}
        <Box component="p" data-withdrawn-notice sx={{ m: 0 }}>
          {say(message)}
        </Box>
      </Alert>
      <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        {seeJsbn ? (
          <Link component={RouterLink} to={bookDetailPath(seeJsbn)} data-see-jsbn sx={{ ...TAP_LINK, fontWeight: 700 }}>
            {t('withdrawn.see', { jsbn: seeJsbn })}
          </Link>
        ) : null}
        <Link component={RouterLink} to={paths.searchBook} sx={TAP_LINK}>
          {t('withdrawn.search')}
        </Link>
      </Stack>
    </Box>
  );
}
