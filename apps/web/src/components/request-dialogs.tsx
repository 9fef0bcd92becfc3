/**
 * The shared book dialogs of docs/api.md: the private-PDF notice with Request, the PDF
 * request form (name, mobileNo, email, reason, referredBy); the reader's order is a page
 * (features/books/pages/reader-order-page.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useMessages } from '../i18n';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { BOOK_MSG } from '@jsbn/shared/core';
import { bookPdfRequest } from '@jsbn/shared';
import { ApiError, toastSuccess } from '../api/client';
import { FormPhone, FormText } from './form-fields';
import { dialogFormSx } from './responsive-dialog';
import { useBookPdfRequest } from '../api/books';

/** 'PDF of this book is private. Please submit a request to the publisher for access.' with Request. */
export function PrivatePdfDialog({ open, onClose, onRequest }: { open: boolean; onClose: () => void; onRequest: () => void }) {
  const { t } = useTranslation('books');
  const message = useMessages();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="private-pdf-title" maxWidth="xs" fullWidth>
      <DialogTitle id="private-pdf-title">{t('requests.privateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message(BOOK_MSG.privatePdf)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('requests.close')}</Button>
        <Button variant="contained" onClick={onRequest} autoFocus>
          {t('requests.request')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A dialog holding a form: title, a line of intro, the fields, Cancel and the submit button (both locked while sending). */
function FormDialog({
  titleId,
  title,
  intro,
  open,
  onClose,
  pending,
  onSubmit,
  submitLabel,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('books');
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} sx={dialogFormSx}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('requests.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The form's own names (docs/api.md) over the wire schema's rules and messages. */
const pdfRequestForm = z.object({
  name: bookPdfRequest.shape.name,
  mobileNo: bookPdfRequest.shape.mobile_no,
  email: bookPdfRequest.shape.email,
  reason: bookPdfRequest.shape.Resone,
  referredBy: bookPdfRequest.shape.RefferenceBy,
});
type PdfRequestValues = z.input<typeof pdfRequestForm>;
const emptyPdfRequest: PdfRequestValues = { name: '', mobileNo: '', email: '', reason: '', referredBy: '' };

/** Request for a private book PDF (POST /api/book/book-request/:id). */
export function PdfRequestDialog({
  bookId,
  bookTitle,
  open,
  onClose,
}: {
  bookId: number;
  bookTitle: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('books');
  const form = useForm<PdfRequestValues>({ resolver: zodResolver(pdfRequestForm), mode: 'onTouched', defaultValues: emptyPdfRequest });
  const [failure, setFailure] = useState<string | null>(null);
  const request = useBookPdfRequest(bookId, {
    silent: true,
    onSuccess: () => {
      toastSuccess(BOOK_MSG.requestSubmitted);
      form.reset(emptyPdfRequest);
      onClose();
    },
    // Spec packages/shared/src/messages.ts: the error, or 'An error occurred'.
    onError: (error) =>
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : error instanceof ApiError && error.handled
            ? error.message
            : BOOK_MSG.requestFailed,
      ),
  });
  const { control } = form;
  return (
    <FormDialog
      titleId="pdf-request-title"
      title={t('requests.pdfTitle')}
      intro={t('requests.pdfIntro', { title: bookTitle })}
      open={open}
      onClose={onClose}
      pending={request.isPending}
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          setFailure(null);
          request.mutate({
            name: values.name,
            mobile_no: values.mobileNo,
            email: values.email,
            Resone: values.reason,
            RefferenceBy: values.referredBy,
          });
        })(event)
      }
      submitLabel={t('requests.submit')}
    >
      <FormText control={control} name="name" label={t('requests.name')} autoComplete="name" />
      <FormPhone control={control} name="mobileNo" label={t('requests.mobile')} />
      <FormText control={control} name="email" label={t('requests.email')} type="email" autoComplete="email" />
      <FormText control={control} name="reason" label={t('requests.reason')} multiline minRows={2} />
      <FormText control={control} name="referredBy" label={t('requests.referredBy')} />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
    </FormDialog>
  );
}
