/**
 * 'Report a problem with this book' (decision 044): what is wrong, why, and an optional e-mail
 * to be told of the outcome — POST /api/book/:jsbn/report. Loaded only when opened: the public
 * book page carries no zod until then (decision 008).
 */
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { REPORT_KINDS, bookReportRequest, type BookReportRequest } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { FormSelect, FormText } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/forms';
import { dialogFormSx } from '../../../components/responsive-dialog';
import { useBookReport, useWithdrawalRequest } from '../api/book-queues-api';

type ReportValues = { kind: string; reason: string; email: string };
const empty: ReportValues = { kind: '', reason: '', email: '' };

/** The report form of the book `jsbn` (formatted), titled with the book's title. */
export function ReportDialog({ jsbn, bookTitle, open, onClose }: { jsbn: string; bookTitle: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('books');
  const form = useForm<ReportValues>({ resolver: zodResolver(bookReportRequest) as never, mode: 'onTouched', defaultValues: empty });
  const mutation = useBookReport(jsbn, {
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      form.reset(empty);
      onClose();
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });
  const { control } = form;
  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : onClose} aria-labelledby="report-title" maxWidth="sm" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values as BookReportRequest))(event)}
        sx={dialogFormSx}
      >
        <DialogTitle id="report-title">{t('report.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('report.intro', { title: bookTitle, jsbn })}</DialogContentText>
          <Stack spacing={2}>
            <FormSelect
              control={control}
              name="kind"
              label={t('report.kind')}
              required
              options={REPORT_KINDS.map((kind) => ({ value: kind, label: t(`report.kinds.${kind}`) }))}
            />
            <FormText control={control} name="reason" label={t('report.reason')} required multiline minRows={3} />
            <FormText
              control={control}
              name="email"
              label={t('report.email')}
              type="email"
              autoComplete="email"
              helperText={t('report.emailHint')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('requests.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('report.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A publisher's request to withdraw its own book, with why — POST /api/book/:id/withdraw-request. */
export function WithdrawRequestDialog({
  book,
  onClose,
}: {
  book: { id: number; title: string; jsbn: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('books');
  const form = useForm<{ reason: string }>({ mode: 'onTouched', defaultValues: { reason: '' } });
  const mutation = useWithdrawalRequest({
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      form.reset({ reason: '' });
      onClose();
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });
  return (
    <Dialog
      open={Boolean(book)}
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="withdraw-request-title"
      maxWidth="sm"
      fullWidth
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate({ bookId: book!.id, reason: values.reason }))(event)}
        sx={dialogFormSx}
      >
        <DialogTitle id="withdraw-request-title">{t('withdrawRequest.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('withdrawRequest.intro', { title: book?.title ?? '', jsbn: book?.jsbn ?? '' })}
          </DialogContentText>
          <FormText control={form.control} name="reason" label={t('withdrawRequest.reason')} required multiline minRows={3} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('requests.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={mutation.isPending}>
            {t('withdrawRequest.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
