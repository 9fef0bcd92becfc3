import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { MSG } from '@jsbn/shared/core';
import { toastSuccess } from '../../../api/client';
import { rowOf, uploadBookFiles, type PendingFile, type UploadRow } from '../api/upload-files';
import { UploadProgressList } from './upload-progress';

export type UploadPhase = 'idle' | 'uploading' | 'failed' | 'done';

/**
 * Runs the file part of the book flow for one book and keeps its rows; a retry sends only the
 * files that did not arrive, then finalises again.
 */
export function useBookUploads() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const files = useRef<PendingFile[]>([]);
  const bookId = useRef<number | null>(null);
  const doneKeys = useRef(new Set<string>());

  const send = useCallback(async (pending: PendingFile[]): Promise<boolean> => {
    if (bookId.current === null) return false;
    setPhase('uploading');
    setError(null);
    try {
      const message = await uploadBookFiles(bookId.current, pending, (row) => {
        if (row.status === 'done') doneKeys.current.add(row.key);
        setRows((current) => current.map((item) => (item.key === row.key ? row : item)));
      });
      toastSuccess(message);
      setPhase('done');
      return true;
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : MSG.somethingWrong);
      setPhase('failed');
      return false;
    }
  }, []);

  /** Uploads `pending` for book `id` and finalises; resolves true when everything arrived. */
  const start = useCallback(
    (id: number, pending: PendingFile[]) => {
      bookId.current = id;
      files.current = pending;
      doneKeys.current = new Set();
      setRows(pending.map(rowOf));
      return send(pending);
    },
    [send],
  );

  const retry = useCallback(() => {
    const left = files.current.filter((file) => !doneKeys.current.has(file.key));
    setRows((current) =>
      current.map((row) => (doneKeys.current.has(row.key) ? row : { ...row, status: 'waiting', progress: 0, error: undefined })),
    );
    return send(left);
  }, [send]);

  return { rows, phase, error, start, retry };
}

interface DialogProps {
  phase: UploadPhase;
  rows: UploadRow[];
  error: string | null;
  onRetry: () => void;
  onLater: () => void;
}

/** The files' progress bars while they upload; on failure the error, Retry and 'Finish later'. */
export function UploadDialog({ phase, rows, error, onRetry, onLater }: DialogProps) {
  const { t } = useTranslation('bookForm');
  const open = phase === 'uploading' || phase === 'failed';
  return (
    <Dialog open={open} aria-labelledby="upload-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="upload-dialog-title">{phase === 'failed' ? t('upload.failed') : t('upload.uploading')}</DialogTitle>
      <DialogContent>
        <UploadProgressList rows={rows} />
        {phase === 'failed' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {error}
            </Typography>
            <Typography variant="body2">{t('upload.savedRetry')}</Typography>
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('upload.keepOpen')}
          </Typography>
        )}
      </DialogContent>
      {phase === 'failed' ? (
        <DialogActions>
          <Button onClick={onLater}>{t('upload.later')}</Button>
          <Button variant="contained" onClick={onRetry}>
            {t('upload.retry')}
          </Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}
