import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { BOOK_MSG, formatJsbn } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { ApiError, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { applyServerErrors, scrollToFirstError } from '../../../components/forms';
import { LoadingState, PageHeader } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { useBook, useUpdateBook } from '../api/books-api';
import { BookForm, type BookFormProps } from '../components/book-form';
import { bookToForm, pendingFilesOf, toBookFormData, type BookFormValues } from '../components/book-form-model';
import { useLeaveWarning } from '../components/leave-warning';
import { UploadDialog, useBookUploads } from '../components/upload-dialog';
import { queryKeys } from '../../../api/query-keys';
import { BookHistory } from '../../../components/history/book-history';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function EditForm({ book }: { book: BookDto }) {
  const { t } = useTranslation('bookForm');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const uploads = useBookUploads();
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const defaults = useMemo(() => bookToForm(book), [book]);
  const mutation = useUpdateBook(book.id);
  const formData = (values: BookFormValues) =>
    toBookFormData(values, { cover: Boolean(book.book_cover), bookPdf: book.has_book_pdf, images: book.book_image });
  const leave = useLeaveWarning((dirty || mutation.isPending || uploads.phase === 'uploading') && !saved);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const done = () => {
    leave.release();
    setSaved(true);
    void queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    void navigate(paths.myBooks);
  };

  const submit: BookFormProps['onSubmit'] = (values, form) => {
    mutation.mutate(formData(values), {
      onSuccess: (reply) => {
        toastSuccess(reply.message, BOOK_MSG.updated);
        const files = pendingFilesOf(values);
        if (files.length === 0) done();
        else void uploads.start(book.id, files).then((uploaded) => uploaded && done());
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        scrollToFirstError();
      },
    });
  };

  return (
    <>
      <BookForm
        mode="edit"
        defaultValues={defaults}
        existing={book}
        ids={{ publisher_no: book.publisher_no || user?.publisher_no || '', publisher_jsbn_id: book.publisher_jsbn_id }}
        busy={mutation.isPending || uploads.phase === 'uploading'}
        submitLabel={t('actions.update')}
        onSubmit={submit}
        onCancel={() => void navigate(-1)}
        onDirtyChange={onDirtyChange}
      />
      <UploadDialog
        phase={uploads.phase}
        rows={uploads.rows}
        error={uploads.error}
        onRetry={() => void uploads.retry().then((ok) => ok && done())}
        onLater={done}
      />
      {leave.dialog}
    </>
  );
}

/** /edit-book/:id — Edit Book. */
export function EditBookPage() {
  const { t } = useTranslation('bookForm');
  const message = useMessages();
  const { id: rawId } = useParams();
  const navigate = useNavigate();
  const id = parseId(rawId);
  const query = useBook(id);
  const { user } = useSession();
  // Any book can be read, but only its publisher edits it: another publisher's book is not
  // there to edit, as the API's PATCH answers (404), so it is not loaded into the form.
  const notOwn = Boolean(query.data && user?.publisherId !== undefined && query.data.book.publisher.id !== user.publisherId);

  let body;
  if (id === null) body = <Alert severity="error">{message(BOOK_MSG.bookIdNotFound)}</Alert>;
  else if (query.isLoading) body = <LoadingState label={message(BOOK_MSG.loadingBook)} />;
  else if (notOwn || (query.error instanceof ApiError && query.error.status === 404))
    body = (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Alert severity="error" sx={{ mb: 2 }} data-testid="edit-book-not-found">
          {message(BOOK_MSG.bookNotFound)}
        </Alert>
        <Button variant="contained" onClick={() => void navigate(paths.myBooks)}>
          {t('menu.myBooks', { ns: 'common' })}
        </Button>
      </Paper>
    );
  else if (query.isError || !query.data)
    body = (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('pages.loadError', { error: query.error instanceof Error ? query.error.message : t('pages.unknownError') })}
        </Alert>
        <Button variant="contained" onClick={() => void navigate(-1)}>
          {t('actions.goBack')}
        </Button>
      </Paper>
    );
  else
    body = (
      <>
        <EditForm key={`${query.data.book.id}-${query.data.book.updatedAt}`} book={query.data.book} />
        <BookHistory key={`history-${query.data.book.id}-${query.data.book.updatedAt}`} bookId={query.data.book.id} />
      </>
    );

  return (
    <Box>
      <PageHeader
        title={t('pages.editTitle')}
        subtitle={
          query.data && !notOwn ? (
            <Typography component="span">
              JSBN <strong>{formatJsbn(query.data.book.jsbn_number)}</strong>
            </Typography>
          ) : undefined
        }
      />
      {body}
    </Box>
  );
}
