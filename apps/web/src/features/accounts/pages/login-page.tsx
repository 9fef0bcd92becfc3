import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Box, Button, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { MSG, PASSWORD_MIN } from '@jsbn/shared/core';
import { email, loginBody, type ModelType } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { FormText, LABEL_ABOVE } from '../../../components/form-fields';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { LOGIN_QUERY, loginEmailOf, loginPath, loginTabOf, orderedBookOf, paths, returnPathOf } from '../../../lib/paths';
import { TAP_LINK } from '../../../lib/theme';
import { useForgotPassword, useLogin } from '../api/accounts-api';
import { useBookByJsbn } from '../../../api/books';
import { useForgetFormReply, useFormReply } from '../../../api/form-reply';

/**
 * The names of the login form's fields as the server reads a post of it without the app
 * (decision 066): `email` and `password` are the form's own, these go beside them.
 */
const POSTED = { modelType: 'modelType', next: LOGIN_QUERY.next } as const;

/** Login form: the shared schema plus the spec's minimum length message (docs/api.md). */
const loginForm = loginBody
  .extend({ password: z.string().min(1, MSG.passwordMin).min(PASSWORD_MIN, MSG.passwordMin) })
  .omit({ modelType: true });
type LoginForm = z.input<typeof loginForm>;
const forgotForm = z.object({ email });
type ForgotForm = z.input<typeof forgotForm>;

const TABS = [
  { modelType: 'PUBLISHER', label: 'login.publisherTab' },
  { modelType: 'LIBRARY', label: 'login.libraryTab' },
] as const satisfies readonly { modelType: ModelType; label: string }[];

/**
 * The login form of one tab; a login goes to `returnTo` (the page that sent the visitor here), else home.
 * Before the app is there it is a plain form the server answers (`POST /login`, decision 066):
 * signed in, it goes on to `returnTo`; refused, the server renders the page again with its
 * message (`useFormReply`).
 */
function LoginFormView({
  modelType,
  returnTo,
  email: knownEmail,
  onForgot,
}: {
  modelType: ModelType;
  returnTo: string | null;
  email: string;
  onForgot: () => void;
}) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const reply = useFormReply();
  const forgetReply = useForgetFormReply();
  const action = loginPath({ as: modelType, next: returnTo ?? undefined });
  // what the visitor typed into the server's form before the app hydrated it stays (decision 078)
  const typed = useTypedBeforeHydration(action);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: 'onTouched',
    defaultValues: { email: typed.email ?? reply?.values.email ?? knownEmail, password: typed.password ?? '' },
  });
  const mutation = useLogin(modelType, {
    onSuccess: (message) => {
      toastSuccess(message, t('login.loggedIn'));
      void navigate(returnTo ?? paths.home, { replace: true });
    },
  });
  return (
    <form
      noValidate
      method="post"
      action={action}
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          forgetReply();
          mutation.mutate({ email: String(values.email), password: values.password });
        })(event)
      }
    >
      <input type="hidden" name={POSTED.modelType} value={modelType} />
      {returnTo ? <input type="hidden" name={POSTED.next} value={returnTo} /> : null}
      <Stack spacing={2}>
        {reply?.message ? (
          <Alert severity="error" role="alert" data-testid="login-refused">
            {reply.message}
          </Alert>
        ) : null}
        <FormText
          control={form.control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          slotProps={LABEL_ABOVE}
        />
        <FormText
          control={form.control}
          name="password"
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(knownEmail)}
          slotProps={LABEL_ABOVE}
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" onClick={onForgot} sx={TAP_LINK}>
            {t('login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function ForgotFormView({ modelType, onBack }: { modelType: ModelType; onBack: () => void }) {
  const { t } = useTranslation('accounts');
  const form = useForm<ForgotForm>({ resolver: zodResolver(forgotForm), mode: 'onTouched', defaultValues: { email: '' } });
  const mutation = useForgotPassword({
    onSuccess: (reply) => {
      toastSuccess(reply.message, t('login.linkSent'));
      onBack();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate({ email: String(values.email), modelType }))(event)}
    >
      <Stack spacing={2}>
        <Typography>{t('login.forgotIntro')}</Typography>
        <FormText control={form.control} name="email" label={t('fields.email')} type="email" autoComplete="email" required />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {t('login.forgotSubmit')}
        </Button>
        <Link component="button" type="button" onClick={onBack} sx={TAP_LINK}>
          {t('login.backToLogin')}
        </Link>
      </Stack>
    </form>
  );
}

/**
 * /login (screen 1): the Publisher and Library tabs — the one `?as=` names
 * first, as the link that led here chose ('Order Book as Library') — and after a login the page
 * `?next=` names (decision 003). Arriving from a verified e-mail code, the account's tab is
 * chosen and its e-mail filled in (`LoginState`, decision 039).
 */
export function LoginPage() {
  const { t } = useTranslation('accounts');
  const [search] = useSearchParams();
  const knownEmail = loginEmailOf(useLocation().state);
  const [tab, setTab] = useState(() =>
    Math.max(
      0,
      TABS.findIndex((item) => item.modelType === loginTabOf(search)),
    ),
  );
  const returnTo = returnPathOf(search);
  // 'Order Book as Library' came here to order this book: the page names it (decision 066)
  const ordered = useBookByJsbn(orderedBookOf(returnTo) ?? '').data?.book;
  const [forgot, setForgot] = useState(false);
  const modelType = TABS[tab]!.modelType;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700, textAlign: 'center' }}>
          {forgot ? t('login.forgotTitle') : t('login.title')}
        </Typography>
        {ordered ? (
          <Typography sx={{ mb: 2, textAlign: 'center' }} data-testid="login-for-book">
            {t('login.forBook', { title: ordered.book_title })}
          </Typography>
        ) : null}
        <Tabs
          value={tab}
          onChange={(_event, value: number) => setTab(value)}
          variant="fullWidth"
          sx={{ mb: 3 }}
          aria-label={t('login.tabs')}
        >
          {/* links, so that a tab opens without the app too; with it, the tab changes in place */}
          {TABS.map((item) => (
            <Tab
              key={item.modelType}
              label={t(item.label)}
              href={loginPath({ as: item.modelType, next: returnTo ?? undefined })}
              onClick={(event) => event.preventDefault()}
            />
          ))}
        </Tabs>
        {forgot ? (
          <ForgotFormView key={`forgot-${modelType}`} modelType={modelType} onBack={() => setForgot(false)} />
        ) : (
          <LoginFormView key={modelType} modelType={modelType} returnTo={returnTo} email={knownEmail} onForgot={() => setForgot(true)} />
        )}
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Trans
            t={t}
            i18nKey="login.newHere"
            components={{
              library: <Link component={RouterLink} to={paths.libraryRegister} />,
              publisher: <Link component={RouterLink} to={paths.publisherRegister} />,
            }}
          />
        </Typography>
      </Paper>
    </Box>
  );
}
