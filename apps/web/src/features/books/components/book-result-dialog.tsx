import { Trans, useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { MSG, QR_SIZE_PX, formatJsbn } from '@jsbn/shared/core';
import type { BookRegistrationResult } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { SafeImage } from '../../../components/safe-image';
import { qrDownloadUrl, useBookAvailability } from '../api/books-api';
import type { UploadRow } from '../api/upload-files';
import { PrintQrDownloads } from '../../../components/print-downloads';
import { UploadProgressList } from './upload-progress';

/**
 * The dialog after a book is registered: JSBN, QR, the spec's JPEG download and the print-ready
 * QR (SVG or PDF, 20/25/30 mm), the files sent, and the availability question with what it means.
 */
export function BookResultDialog({
  result,
  uploads = [],
  onDone,
}: {
  result: BookRegistrationResult | null;
  uploads?: UploadRow[];
  onDone: () => void;
}) {
  const { t } = useTranslation('books');
  const message = useMessages();
  const available = useBookAvailability({
    onSuccess: (reply) => {
      toastSuccess(reply.message, t('result.nowAvailable'));
      onDone();
    },
  });
  const jsbn = result ? formatJsbn(result.jsbn_number) : '';
  return (
    <Dialog open={Boolean(result)} onClose={onDone} aria-labelledby="book-result-title" maxWidth="xs" fullWidth>
      <DialogTitle id="book-result-title">{message(MSG.bookRegistered)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography>
            <Trans t={t} i18nKey="card.jsbn" values={{ jsbn }} components={{ strong: <strong data-testid="registered-jsbn" /> }} />
          </Typography>
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, lineHeight: 0 }}>
            <SafeImage src={result?.qrcode_image} alt={t('result.qrOf', { jsbn })} width={QR_SIZE_PX} height={QR_SIZE_PX} />
          </Box>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            component="a"
            href={result ? qrDownloadUrl(jsbn) : undefined}
            download={`${jsbn}.jpg`}
          >
            {t('result.download')}
          </Button>
          {/* the spec's 200 px JPEG is for a screen; the back cover wants the vector QR with its caption (decision 039) */}
          <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="result-print-qr">
            <Typography variant="body2">{t('result.forPrint')}</Typography>
            {result ? <PrintQrDownloads jsbn={jsbn} /> : null}
          </Stack>
          {uploads.length ? (
            <Box sx={{ width: '100%', textAlign: 'left' }}>
              <UploadProgressList rows={uploads} />
            </Box>
          ) : null}
          <Typography sx={{ fontWeight: 600 }}>{message(MSG.availablePrompt)}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="available-meaning">
            {t('result.availableMeaning')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" onClick={onDone} disabled={available.isPending}>
          {t('result.no')}
        </Button>
        <Button
          variant="contained"
          onClick={() => result && available.mutate({ id: result.id, isAvailable: true })}
          disabled={available.isPending}
        >
          {t('result.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
