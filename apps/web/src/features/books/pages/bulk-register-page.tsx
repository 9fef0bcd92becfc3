/**
 * /my-books/register-many — 'Register many books': download the template,
 * upload the filled file, see every row's problems by column and row, correct or leave out
 * rows, then register the ready rows BULK_CHUNK_ROWS at a time with a progress bar (each
 * request one transaction; a stopped registration continues where it stopped, and a chunk sent
 * twice gets the same books). The result: each row's JSBN, the list as Excel and the QR labels.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { BULK_CHUNK_ROWS, MAX_BULK_ROWS, QR_PRINT_SIZES_MM, bookEndpoints, formatJsbn } from '@jsbn/shared/core';
import type { BulkColumn, BulkPreview, BulkRegistered } from '@jsbn/shared';
import { call, toastError } from '../../../api/client';
import { idsQuery, saveFile } from '../../../components/download';
import { PageHeader, Section } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { useLeaveWarning } from '../components/leave-warning';
import { BULK_TEMPLATE_URL, checkRows, downloadResult, newBatchId, previewFile, registerChunk } from '../bulk/bulk-api';
import { BulkPreviewList } from '../bulk/bulk-preview';
import { queryKeys } from '../../../api/query-keys';

type Registered = BulkRegistered['books'];

/** Rows of the result shown at first (all are in the Excel list). */
const RESULT_ROWS = 100;

export function BulkRegisterPage() {
  const { t } = useTranslation('books');
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const [edited, setEdited] = useState(false);
  const [checking, setChecking] = useState(false);
  const [run, setRun] = useState<{ batch: string; total: number; books: Registered; error: string | null; busy: boolean } | null>(null);
  const [labelSize, setLabelSize] = useState<number>(25);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { dialog, release } = useLeaveWarning(Boolean(run?.busy) || (preview !== null && run === null));

  const ready = preview ? preview.rows.filter((row) => row.errors.length === 0 && !skipped.has(row.row)) : [];
  const problems = preview ? preview.rows.filter((row) => row.errors.length > 0).length : 0;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setReading(true);
    setPreview(null);
    setRun(null);
    try {
      setPreview(await previewFile(file));
      setSkipped(new Set());
      setEdited(false);
    } catch (error) {
      toastError(error);
      setFileName(null);
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  const edit = (row: number, column: BulkColumn, value: string) => {
    setPreview(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((item) => (item.row === row ? { ...item, values: { ...item.values, [column]: value } } : item)),
        },
    );
    setEdited(true);
  };

  const checkAgain = async () => {
    if (!preview) return;
    setChecking(true);
    try {
      setPreview(await checkRows(preview.rows.map(({ row, values }) => ({ row, values }))));
      setEdited(false);
    } catch (error) {
      toastError(error);
    } finally {
      setChecking(false);
    }
  };

  /** Registers the ready rows from where `state` stopped, a chunk at a time. */
  const register = async (state = { batch: newBatchId(), total: ready.length, books: [] as Registered }) => {
    const rows = ready.map(({ row, values }) => ({ row, values }));
    let books = state.books;
    setRun({ ...state, error: null, busy: true });
    try {
      for (let start = books.length; start < rows.length; start += BULK_CHUNK_ROWS) {
        books = [...books, ...(await registerChunk(state.batch, rows.slice(start, start + BULK_CHUNK_ROWS)))];
        setRun({ ...state, books, error: null, busy: true });
      }
      setRun({ ...state, books, error: null, busy: false });
      release();
    } catch (error) {
      setRun({ ...state, books, error: error instanceof Error ? error.message : String(error), busy: false });
    } finally {
      // My Books and the lists show the new books
      if (books.length) await queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    }
  };

  const reset = () => {
    setPreview(null);
    setFileName(null);
    setRun(null);
    input.current?.click();
  };

  const finished = run !== null && !run.busy && run.error === null;
  // the rows of the file that got no JSBN — with problems, or left out — shown and downloaded with why (decision 039)
  const registeredRows = new Set(run?.books.map((book) => book.row));
  const leftOut = finished && preview ? preview.rows.filter((row) => !registeredRows.has(row.row)) : [];
  const label = new Map(preview?.columns.map((column) => [column.key, column.label]));
  const whyLeftOut = (row: BulkPreview['rows'][number]) =>
    row.errors.length
      ? row.errors.map((problem) => `${label.get(problem.column) ?? problem.column}: ${problem.message}`).join('; ')
      : t('bulk.leftOut.byYou');

  return (
    <Box>
      <PageHeader title={t('bulk.title')} subtitle={t('bulk.subtitle', { max: MAX_BULK_ROWS.toLocaleString() })} />
      {dialog}
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="bulk-file"
        onChange={(event) => void choose(event.target.files?.[0])}
      />

      {!preview && !reading ? (
        <Section>
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h6" component="h2">
                {t('bulk.steps.template')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('bulk.templateHelp')}
              </Typography>
              <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={BULK_TEMPLATE_URL} download>
                {t('bulk.download')}
              </Button>
            </Box>
            <Box>
              <Typography variant="h6" component="h2">
                {t('bulk.steps.fill')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('bulk.fillHelp')}
              </Typography>
            </Box>
            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('bulk.steps.upload')}
              </Typography>
              <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
                {t('bulk.choose')}
              </Button>
            </Box>
          </Stack>
        </Section>
      ) : null}

      {reading ? (
        <Section>
          <Typography sx={{ mb: 1 }} role="status">
            {t('bulk.reading', { name: fileName })}
          </Typography>
          <LinearProgress />
        </Section>
      ) : null}

      {preview && !finished ? (
        <Stack spacing={2}>
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('bulk.fileOf', { name: fileName })}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="bulk-summary">
              {t('bulk.summary', { total: preview.rows.length, ready: preview.rows.length - problems, problems })}
            </Typography>
          </Box>
          {run ? (
            <Section>
              <Typography role="status" sx={{ mb: 1 }}>
                {t('bulk.registering', { done: run.books.length, total: run.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(100 * run.books.length) / Math.max(run.total, 1)}
                aria-label={t('bulk.progressLabel')}
                sx={{ height: 10, borderRadius: 5 }}
              />
              {run.busy ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('bulk.keepOpen')}
                </Typography>
              ) : null}
              {run.error ? (
                <Alert
                  severity="error"
                  sx={{ mt: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => void register(run)}>
                      {t('bulk.continue')}
                    </Button>
                  }
                >
                  {t('bulk.stopped', { done: run.books.length, total: run.total, error: run.error })}
                </Alert>
              ) : null}
            </Section>
          ) : (
            <>
              {problems ? <Alert severity="error">{t('bulk.fixHint')}</Alert> : null}
              {preview.rows.some((row) => row.warnings.length) ? <Alert severity="warning">{t('bulk.warningsNote')}</Alert> : null}
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={ready.length === 0 || edited || checking}
                  onClick={() => void register()}
                  data-testid="bulk-register"
                >
                  {t('bulk.register', { count: ready.length })}
                </Button>
                {edited || checking ? (
                  <Button variant="outlined" disabled={checking} onClick={() => void checkAgain()}>
                    {checking ? t('bulk.checking') : t('bulk.checkAgain')}
                  </Button>
                ) : null}
                <Button startIcon={<UploadFileIcon />} onClick={reset}>
                  {t('bulk.another')}
                </Button>
              </Stack>
              {ready.length === 0 && !edited ? <Typography color="text.secondary">{t('bulk.nothingReady')}</Typography> : null}
              <BulkPreviewList
                preview={preview}
                skipped={skipped}
                disabled={checking}
                onEdit={edit}
                onSkip={(row, skip) =>
                  setSkipped((current) => {
                    const next = new Set(current);
                    if (skip) next.add(row);
                    else next.delete(row);
                    return next;
                  })
                }
              />
            </>
          )}
        </Stack>
      ) : null}

      {finished && run ? (
        <Section>
          <Alert severity="success" sx={{ mb: 2 }} data-testid="bulk-done">
            {t('bulk.done', { count: run.books.length })}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('bulk.doneHint')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void downloadResult(
                  run.batch,
                  leftOut.map((row) => ({ row: row.row, values: row.values, skipped: row.errors.length === 0 })),
                ).catch(toastError)
              }
            >
              {t('bulk.resultExcel')}
            </Button>
            <TextField
              select
              size="small"
              label={t('print.size')}
              value={labelSize}
              onChange={(event) => setLabelSize(Number(event.target.value))}
              sx={{ width: 110 }}
              slotProps={{ select: { native: true } }}
            >
              {QR_PRINT_SIZES_MM.map((size) => (
                <option key={size} value={size}>
                  {t('print.mm', { size })}
                </option>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void call(bookEndpoints.qrLabels, { query: { ...idsQuery(run.books.map((book) => book.id)), size: labelSize } })
                  .then((file) => saveFile(file, 'JSBN-QR-labels.pdf'))
                  .catch(toastError)
              }
            >
              {t('bulk.labels')}
            </Button>
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('bulk.done', { count: run.books.length })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('bulk.columns.row')}</TableCell>
                  <TableCell>{t('bulk.columns.jsbn')}</TableCell>
                  <TableCell>{t('bulk.columns.title')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.books.slice(0, RESULT_ROWS).map((book) => (
                  <TableRow key={book.id} data-testid="bulk-result-row">
                    <TableCell>{book.row}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatJsbn(book.jsbn_number)}</TableCell>
                    <TableCell>{preview?.rows.find((row) => row.row === book.row)?.values.book_title}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {leftOut.length ? (
            <Box sx={{ mt: 3 }} data-testid="bulk-left-out">
              <Typography variant="h6" component="h2">
                {t('bulk.leftOut.title')} ({leftOut.length})
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('bulk.leftOut.note')}
              </Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('bulk.leftOut.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('bulk.columns.row')}</TableCell>
                      <TableCell>{t('bulk.columns.title')}</TableCell>
                      <TableCell>{t('bulk.columns.why')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {leftOut.map((row) => (
                      <TableRow key={row.row} data-testid="bulk-left-out-row">
                        <TableCell>{row.row}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.values.book_title || t('bulk.untitled')}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{whyLeftOut(row)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
          ) : null}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Button component={RouterLink} to={paths.myBooks} variant="outlined">
              {t('bulk.backToMyBooks')}
            </Button>
            <Button startIcon={<UploadFileIcon />} onClick={reset}>
              {t('bulk.another')}
            </Button>
          </Stack>
        </Section>
      ) : null}
    </Box>
  );
}
