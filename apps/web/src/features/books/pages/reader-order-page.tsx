import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { BOOK_MSG, isoOfDdMmYyyy, todayIso } from '@jsbn/shared/core';
import { readerOrderFields, type ReaderOrder } from '@jsbn/shared';
import { useBookByJsbn, useReaderOrder } from '../../../api/books';
import { FormPhone, FormText, LABEL_ABOVE } from '../../../components/form-fields';
import { dateWhileTyping } from '../../../components/typed-text';
import { LoadingState } from '../../../components/page';
import { readerOrderPath, READER_ORDER_SENT } from '../../../lib/paths';
import { BookFormPage, focusFirstError, useBookFormReply } from '../components/book-form-page';

type ReaderValues = Pick<ReaderOrder, 'name' | 'mobile' | 'email' | 'message' | 'date'>;

/** The reader order's fields with 'Date cannot be in the past' judged against `today` (YYYY-MM-DD). */
const readerForm = (today: string) =>
  readerOrderFields.pick({ name: true, mobile: true, email: true, message: true }).extend({
    date: readerOrderFields.shape.date.superRefine((value, ctx) => {
      const iso = isoOfDdMmYyyy(value);
      if (iso && iso < today) ctx.addIssue({ code: 'custom', message: BOOK_MSG.datePast });
    }),
  });
const FIELDS = ['name', 'mobile', 'email', 'message', 'date'] as const satisfies readonly (keyof ReaderValues)[];

/** The date field's placeholder: the format itself, the same in every language. */
const DATE_PLACEHOLDER = 'DD/MM/YYYY';

/**
 * /jsbn/:jsbn/reader-order — 'Order Book as Reader' (POST /api/book/reader/order): a reader asks
 * the publisher for the book by a date. Rendered on the server; before the app is there (or
 * without JavaScript) the form posts to the server, which answers with this page again — with the
 * API's messages under their fields (`useFormReply`) — or with `?sent=1`, which says the request
 * went to the publisher (decision 066). With the app the form is checked here first and sent by it.
 */
export function ReaderOrderPage() {
  const { t } = useTranslation('books');
  const { jsbn = '' } = useParams();
  const navigate = useNavigate();
  const book = useBookByJsbn(jsbn).data?.book;
  const { formOptions, general, forgetReply } = useBookFormReply(readerOrderPath(jsbn), FIELDS);
  const form = useForm<ReaderValues>({
    // The day is judged when the form is checked, so a page left open overnight stays right.
    resolver: (values, context, options) => zodResolver(readerForm(todayIso()))(values, context, options),
    mode: 'onTouched',
    ...formOptions,
  });
  const mutation = useReaderOrder({
    onSuccess: () => void navigate(`${readerOrderPath(jsbn)}?${READER_ORDER_SENT}=1`, { replace: true }),
  });
  if (!book) return <LoadingState />;
  const { control } = form;
  return (
    <BookFormPage
      jsbn={jsbn}
      bookTitle={book.book_title}
      title={t('requests.readerTitle')}
      sentTestId="reader-order-sent"
      sentNotice={t('requests.readerSent', { title: book.book_title })}
      action={readerOrderPath(jsbn)}
      onSubmit={(event) =>
        void form.handleSubmit(
          (values) => {
            forgetReply();
            mutation.mutate({ ...values, mobile: values.mobile.trim(), bookId: book.id, bookName: book.book_title });
          },
          focusFirstError(form.setFocus, FIELDS),
        )(event)
      }
      intro={<Typography sx={{ mb: 2 }}>{t('requests.readerIntro', { title: book.book_title })}</Typography>}
      general={general}
      submitLabel={t('requests.sendToPublisher')}
      pending={mutation.isPending}
    >
      <FormText control={control} name="name" label={t('requests.name')} autoComplete="name" slotProps={LABEL_ABOVE} />
      <FormPhone control={control} name="mobile" label={t('requests.mobile')} slotProps={LABEL_ABOVE} />
      <FormText control={control} name="email" label={t('requests.email')} type="email" autoComplete="email" slotProps={LABEL_ABOVE} />
      <FormText control={control} name="message" label={t('requests.message')} multiline minRows={2} slotProps={LABEL_ABOVE} />
      <FormText
        control={control}
        name="date"
        label={t('requests.neededBy')}
        placeholder={DATE_PLACEHOLDER}
        helperText={t('requests.dateHint')}
        transform={dateWhileTyping}
        slotProps={{ ...LABEL_ABOVE, htmlInput: { inputMode: 'numeric' } }}
      />
    </BookFormPage>
  );
}
