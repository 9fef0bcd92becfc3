/**
 * The frame of a book's form that the server renders and answers before the app is there (decision
 * 066) — the reader's order (`/jsbn/:jsbn/reader-order`) and the claim of the book's imported
 * publisher (`/jsbn/:jsbn/claim`, decision 078): the title, then either what says it was sent
 * (`?sent=1`) or the form, which posts to the server without the app and is sent by the app once it
 * is there; a message that names no field above the fields; 'Back to the book' under both.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useForgetFormReply, useFormReply } from '../../../api/form-reply';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { bookDetailPath, READER_ORDER_SENT } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';

/**
 * What a book's form starts from: the server's reply to a post made before the app was there
 * (`useFormReply`) and what the visitor typed into the server's form before the app hydrated it
 * (decision 078).
 * @param action the form's address (its `action`)
 * @param fields the form's field names
 * @returns `formOptions` for `useForm`: `defaultValues` (each field as typed, else as posted, else
 * empty), `errors` (the reply's messages on the form's fields) and `shouldFocusError: false` —
 * react-hook-form focuses the first field in error when it is given errors, which as the app
 * hydrates a page the server answered would take the focus from the field the visitor is typing
 * into; an invalid submit focuses it with `focusFirstError` instead. Also `general` (the reply's
 * message when it names none of the fields: too many requests, the book withdrawn, an account
 * already claimed; else '') and `forgetReply` (call it when the app sends the form itself).
 */
export function useBookFormReply<F extends string>(action: string, fields: readonly F[]) {
  const reply = useFormReply();
  const forgetReply = useForgetFormReply();
  const typed = useTypedBeforeHydration(action);
  const defaultValues = Object.fromEntries(fields.map((name) => [name, typed[name] ?? reply?.values[name] ?? ''])) as Record<F, string>;
  const errors = reply
    ? Object.fromEntries(fields.filter((name) => reply.fields[name]).map((name) => [name, { type: 'server', message: reply.fields[name] }]))
    : undefined;
  const general = reply && !fields.some((name) => reply.fields[name]) ? reply.message : '';
  return { formOptions: { defaultValues, errors, shouldFocusError: false }, general, forgetReply };
}

/**
 * The invalid-submit handler of a book's form (`handleSubmit`'s second argument): focuses the
 * first of `fields` in error, as react-hook-form would without `shouldFocusError: false`.
 */
export const focusFirstError =
  <F extends string>(setFocus: (name: F) => void, fields: readonly F[]) =>
  (errors: Partial<Record<string, unknown>>) => {
    const first = fields.find((name) => errors[name]);
    if (first) setFocus(first);
  };

/**
 * A book's form page (see the module's comment).
 * @param jsbn the book's JSBN as in the address; `bookTitle` names it in 'Back to the book'
 * @param sentTestId the `data-testid` of what says it was sent; `sentNotice` is what it says
 * @param action the form's address, which it posts to without the app; `onSubmit` sends it with the app
 * @param intro what stands above the form; `children` its fields
 */
export function BookFormPage({
  jsbn,
  bookTitle,
  title,
  sentTestId,
  sentNotice,
  action,
  onSubmit,
  intro,
  general,
  submitLabel,
  pending,
  children,
}: {
  jsbn: string;
  bookTitle: string;
  title: string;
  sentTestId: string;
  sentNotice: ReactNode;
  action: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  intro: ReactNode;
  general: string;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('books');
  const [search] = useSearchParams();
  const backToBook = (
    <Link component={RouterLink} to={bookDetailPath(jsbn)} sx={TAP_LINK}>
      {t('requests.backToBook', { title: bookTitle })}
    </Link>
  );
  const sent = search.get(READER_ORDER_SENT) === '1';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 560, p: { xs: 2, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {sent ? (
          <Stack spacing={2} data-testid={sentTestId}>
            <Alert severity="success">{sentNotice}</Alert>
            <Box>{backToBook}</Box>
          </Stack>
        ) : (
          <form noValidate method="post" action={action} onSubmit={onSubmit}>
            {intro}
            <Stack spacing={2}>
              {general ? (
                <Alert severity="error" role="alert">
                  {general}
                </Alert>
              ) : null}
              {children}
              <Button type="submit" variant="contained" size="large" disabled={pending}>
                {submitLabel}
              </Button>
              <Box>{backToBook}</Box>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
