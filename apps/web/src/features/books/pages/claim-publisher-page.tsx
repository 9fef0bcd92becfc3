import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTitle, Typography } from '@mui/material';
import { publisherClaimRequest, type PublisherClaimRequest } from '@jsbn/shared';
import { useBookByJsbn } from '../../../api/books';
import { ContactFields, type ContactForm } from '../../../components/contact-fields';
import { applyServerErrors } from '../../../components/forms';
import { LABEL_ABOVE } from '../../../components/form-fields';
import { LoadingState } from '../../../components/page';
import { claimPublisherPath, READER_ORDER_SENT } from '../../../lib/paths';
import { usePublisherClaim } from '../api/book-queues-api';
import { BookFormPage, focusFirstError, useBookFormReply } from '../components/book-form-page';

const FIELDS = ['fullName', 'email', 'contact', 'message'] as const satisfies readonly (keyof ContactForm)[];

/**
 * /jsbn/:jsbn/claim — 'Is this your publication? Claim this account' of the book's imported
 * publisher (POST /api/publisher/:id/claim), the page the book page's link leads to before the app
 * has hydrated it or without JavaScript; once the app is there, the same link opens the claim
 * dialog on the book page. Rendered on the server; without the app the form posts to the server,
 * which answers with this page again — the API's messages under their fields (`useFormReply`) —
 * or with `?sent=1`, which says the claim was sent (decisions 066, 078).
 */
export function ClaimPublisherPage() {
  const { t } = useTranslation('books');
  const { jsbn = '' } = useParams();
  const navigate = useNavigate();
  const found = useBookByJsbn(jsbn).data;
  const { formOptions, general, forgetReply } = useBookFormReply(claimPublisherPath(jsbn), FIELDS);
  const form = useForm<ContactForm, unknown, PublisherClaimRequest>({
    resolver: zodResolver(publisherClaimRequest),
    mode: 'onTouched',
    ...formOptions,
  });
  const publisherId = found?.publisher_info.publisherId ?? 0;
  const mutation = usePublisherClaim(publisherId, {
    onSuccess: () => void navigate(`${claimPublisherPath(jsbn)}?${READER_ORDER_SENT}=1`, { replace: true }),
    onError: (error) => applyServerErrors(error, form.setError),
  });
  if (!found) return <LoadingState />;
  const { book, publisher_info: publisher } = found;
  return (
    <BookFormPage
      jsbn={jsbn}
      bookTitle={book.book_title}
      title={t('claim.title', { publisher: publisher.publisher_name })}
      sentTestId="claim-sent"
      sentNotice={
        <>
          <AlertTitle>{t('claim.sent')}</AlertTitle>
          {t('claim.sentText')}
        </>
      }
      action={claimPublisherPath(jsbn)}
      onSubmit={(event) =>
        void form.handleSubmit(
          (values) => {
            forgetReply();
            mutation.mutate(values);
          },
          focusFirstError(form.setFocus, FIELDS),
        )(event)
      }
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('claim.intro')}
        </Typography>
      }
      general={general}
      submitLabel={t('claim.send')}
      pending={mutation.isPending}
    >
      <ContactFields control={form.control} messageLabel={t('claim.relation')} slotProps={LABEL_ABOVE} />
    </BookFormPage>
  );
}
