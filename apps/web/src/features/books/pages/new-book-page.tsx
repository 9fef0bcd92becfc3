import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { MSG } from '@jsbn/shared/core';
import type { BookRegistrationResult, DuplicateReason, SimilarBooksReply } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { applyServerErrors, scrollToFirstError } from '../../../components/forms';
import { bookFormGuide } from '../../../components/offline-forms';
import { PageHeader } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { useCreateBook, useNextJsbnIds } from '../api/books-api';
import { BookForm } from '../components/book-form';
import { findSimilarBooks } from '../api/book-queues-api';
import { SimilarBookDialog } from '../components/similar-book-dialog';
import { emptyBookForm, pendingFilesOf, toBookFormData, type BookFormValues } from '../components/book-form-model';
import { BookResultDialog } from '../components/book-result-dialog';
import { useLeaveWarning } from '../components/leave-warning';
import { UploadDialog, useBookUploads } from '../components/upload-dialog';
import { queryKeys } from '../../../api/query-keys';
import { currentLanguage } from '../../../i18n';

/** /new-book-reg — New Book Registration (the creation flow of docs/api.md). */
export function NewBookPage() {
  const { t, i18n } = useTranslation('bookForm');
  const guide = bookFormGuide(currentLanguage(i18n));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useNextJsbnIds();
  const uploads = useBookUploads();
  const [created, setCreated] = useState<BookRegistrationResult | null>(null);
  const [showResult, setShowResult] = useState(false);
  const [dirty, setDirty] = useState(false);

  const mutation = useCreateBook();
  // a book like this one already registered: asked about before registering (decision 044)
  const [similar, setSimilar] = useState<{
    matches: SimilarBooksReply['books'];
    values: BookFormValues;
    form: Parameters<Parameters<typeof BookForm>[0]['onSubmit']>[1];
  } | null>(null);
  const [checkingSimilar, setCheckingSimilar] = useState(false);

  // Warn while anything is entered and the registration has not reached its result.
  const leave = useLeaveWarning((dirty || mutation.isPending || uploads.phase === 'uploading') && !showResult);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const submit = async (values: BookFormValues, form: Parameters<Parameters<typeof BookForm>[0]['onSubmit']>[1]) => {
    setCheckingSimilar(true);
    // a check that fails does not stop the registration: the server queues the pair anyway
    const matches = await findSimilarBooks({
      title: values.book_title,
      e_title: values.book_e_title,
      authors: values.authors.map((author) => author.authorname).filter(Boolean),
    })
      .then((reply) => reply.books)
      .catch(() => []);
    setCheckingSimilar(false);
    if (matches.length) return setSimilar({ matches, values, form });
    register(values, form);
  };

  const register = (values: BookFormValues, form: Parameters<Parameters<typeof BookForm>[0]['onSubmit']>[1], reason?: DuplicateReason) => {
    const body = toBookFormData(values);
    if (reason) body.append('duplicate_reason', reason);
    mutation.mutate(body, {
      onSuccess: (reply) => {
        toastSuccess(MSG.bookCreated);
        void queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
        setCreated(reply.data);
        const files = pendingFilesOf(values);
        if (files.length === 0) setShowResult(true);
        else void uploads.start(reply.data.id, files).then((uploaded) => uploaded && setShowResult(true));
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        scrollToFirstError();
      },
    });
  };

  const finish = () => {
    leave.release();
    setShowResult(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    void navigate(paths.myBooks);
  };

  return (
    <Box>
      <PageHeader
        title={t('pages.newTitle')}
        subtitle={t('pages.newSubtitle')}
        actions={
          <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={guide.url} target="_blank" rel="noopener" lang={guide.lang}>
            {t('pages.guide')}
          </Button>
        }
      />
      <BookForm
        mode="new"
        defaultValues={emptyBookForm}
        ids={ids.data ? { publisher_no: ids.data.publisher_no, publisher_jsbn_id: String(ids.data.publisher_jsbn_id) } : undefined}
        busy={checkingSimilar || mutation.isPending || uploads.phase === 'uploading' || created !== null}
        submitLabel={t('actions.generate')}
        onSubmit={(values, form) => void submit(values, form)}
        onDirtyChange={onDirtyChange}
      />
      <UploadDialog
        phase={uploads.phase}
        rows={uploads.rows}
        error={uploads.error}
        onRetry={() => void uploads.retry().then((ok) => ok && setShowResult(true))}
        onLater={() => setShowResult(true)}
      />
      <BookResultDialog result={showResult ? created : null} uploads={uploads.rows} onDone={finish} />
      <SimilarBookDialog
        matches={similar?.matches ?? null}
        onCancel={() => setSimilar(null)}
        onConfirm={(reason) => {
          if (similar) register(similar.values, similar.form, reason);
          setSimilar(null);
        }}
      />
      {leave.dialog}
    </Box>
  );
}
