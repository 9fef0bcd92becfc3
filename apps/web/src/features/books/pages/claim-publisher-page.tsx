import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertTitle, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { publisherClaimRequest, type PublisherClaimRequest } from '@jsbn/shared';
import { useBookByJsbn } from '../../../api/books';
import { useForgetFormReply, useFormReply } from '../../../api/form-reply';
import { ContactFields, type ContactForm } from '../../../components/contact-fields';
import { applyServerErrors } from '../../../components/forms';
import { LABEL_ABOVE } from '../../../components/form-fields';
import { LoadingState } from '../../../components/page';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { bookDetailPath, claimPublisherPath, READER_ORDER_SENT } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';
import { usePublisherClaim } from '../api/book-queues-api';

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
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const found = useBookByJsbn(jsbn).data;
  const reply = useFormReply();
  const forgetReply = useForgetFormReply();
  // what the visitor typed into the server's form before the app hydrated it, else what was posted (decision 078)
  const typed = useTypedBeforeHydration(claimPublisherPath(jsbn));
  const posted = (name: keyof ContactForm) => typed[name] ?? reply?.values[name] ?? '';
  const form = useForm<ContactForm, unknown, PublisherClaimRequest>({
    resolver: zodResolver(publisherClaimRequest),
    mode: 'onTouched',
    defaultValues: { fullName: posted('fullName'), email: posted('email'), contact: posted('contact'), message: posted('message') },
    errors: reply
      ? Object.fromEntries(
          FIELDS.filter((name) => reply.fields[name]).map((name) => [name, { type: 'server', message: reply.fields[name] }]),
        )
      : undefined,
  });
  const publisherId = found?.publisher_info.publisherId ?? 0;
  const mutation = usePublisherClaim(publisherId, {
    onSuccess: () => void navigate(`${claimPublisherPath(jsbn)}?${READER_ORDER_SENT}=1`, { replace: true }),
    onError: (error) => applyServerErrors(error, form.setError),
  });
  if (!found) return <LoadingState />;
  const { book, publisher_info: publisher } = found;
  const backToBook = (
    <Link component={RouterLink} to={bookDetailPath(jsbn)} sx={TAP_LINK}>
      {t('requests.backToBook', { title: book.book_title })}
    </Link>
  );
  const sent = search.get(READER_ORDER_SENT) === '1';
  // a message that names no field of the form (too many requests, an account already claimed)
  const general = reply && !FIELDS.some((name) => reply.fields[name]) ? reply.message : '';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 560, p: { xs: 2, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
          {t('claim.title', { publisher: publisher.publisher_name })}
        </Typography>
        {sent ? (
          <Stack spacing={2} data-testid="claim-sent">
            <Alert severity="success">
              <AlertTitle>{t('claim.sent')}</AlertTitle>
              {t('claim.sentText')}
            </Alert>
            <Box>{backToBook}</Box>
          </Stack>
        ) : (
          <form
            noValidate
            method="post"
            action={claimPublisherPath(jsbn)}
            onSubmit={(event) =>
              void form.handleSubmit((values) => {
                forgetReply();
                mutation.mutate(values);
              })(event)
            }
          >
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('claim.intro')}
            </Typography>
            <Stack spacing={2}>
              {general ? (
                <Alert severity="error" role="alert">
                  {general}
                </Alert>
              ) : null}
              <ContactFields control={form.control} messageLabel={t('claim.relation')} slotProps={LABEL_ABOVE} />
              <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
                {t('claim.send')}
              </Button>
              <Box>{backToBook}</Box>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
