import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { UploadRow } from '../api/upload-files';
import { formatBytes } from '../../../components/format';

/** The catalogue key of each uploaded field's name. */
const FIELD_LABEL = { bookimage: 'upload.image', index_pdf: 'upload.indexPdf', pdfpublisher: 'upload.bookPdf' } as const;
const STATUS_LABEL = { done: 'upload.done', error: 'upload.error', waiting: 'upload.waiting' } as const;

/** One determinate progress bar per file of the upload flow. */
export function UploadProgressList({ rows }: { rows: UploadRow[] }) {
  const { t } = useTranslation('bookForm');
  if (rows.length === 0) return null;
  return (
    <Stack spacing={1.5} data-testid="upload-progress">
      {rows.map((row) => {
        const label = `${t(FIELD_LABEL[row.field])}: ${row.name}`;
        const state =
          row.status === 'done' || row.status === 'error' || row.status === 'waiting' ? t(STATUS_LABEL[row.status]) : `${row.progress}%`;
        return (
          <Box key={row.key} data-testid="upload-row" data-status={row.status}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all', minWidth: 0 }}>
                {label}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({formatBytes(row.size)})
                </Typography>
              </Typography>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                {row.status === 'done' ? <CheckCircleIcon fontSize="small" color="success" /> : null}
                {row.status === 'error' ? <ErrorIcon fontSize="small" color="error" /> : null}
                <Typography variant="body2" color={row.status === 'error' ? 'error' : 'text.secondary'}>
                  {state}
                </Typography>
              </Stack>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={row.progress}
              color={row.status === 'error' ? 'error' : row.status === 'done' ? 'success' : 'primary'}
              aria-label={t('upload.progressOf', { name: row.name })}
              sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
            />
            {row.error ? (
              <Typography variant="caption" color="error" role="alert">
                {row.error}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
