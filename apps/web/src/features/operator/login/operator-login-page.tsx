import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { email, totpCode } from '@jsbn/shared';
import { ApiError, loginAndLoadUser, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { copyText } from '../../../components/clipboard';
import { FormText } from '../../../components/form-fields';
import { digitsOnly } from '../../../components/forms';
import { operatorReturnPath } from '../nav';
import { LanguageButton } from '../../../app/layout/app-layout';

const credentialsForm = z.object({ email, password: z.string().min(1, 'Password is required') });
type CredentialsForm = z.input<typeof credentialsForm>;
const codeForm = z.object({ totp: totpCode });
type CodeForm = z.input<typeof codeForm>;

interface Credentials {
  email: string;
  password: string;
}
/** What the sign-in waits for after the password: the code, or enrolment first (docs/api.md "Operators"). */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; credentials: Credentials }
  | { kind: 'enrol'; credentials: Credentials; otpauthUri: string; secret: string };

/** The QR code of `uri` as an SVG data URL, drawn in the browser (the secret never leaves it as an image request). */
function useQrCode(uri: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => {
      if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return svg;
}

/** The secret in groups of four, as authenticator apps take it typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The code step: one 6-digit field; a wrong code shows the server's message on it. */
function CodeStep({
  credentials,
  onDone,
  onBack,
  enrolment,
}: {
  credentials: Credentials;
  onDone: (message: string) => void;
  onBack: () => void;
  enrolment?: { otpauthUri: string; secret: string };
}) {
  const { t } = useTranslation('operator');
  const form = useForm<CodeForm>({ resolver: zodResolver(codeForm), mode: 'onSubmit', defaultValues: { totp: '' } });
  const mutation = useMutation({
    mutationFn: (totp: string) => loginAndLoadUser({ ...credentials, modelType: 'OPERATOR', totp }),
    meta: { silent: true },
    onSuccess: onDone,
    onError: (error) => {
      const detail = error instanceof ApiError ? error.details.find((item) => item.field === 'totp') : undefined;
      if (detail) form.setError('totp', { message: detail.message }, { shouldFocus: true });
      else form.setError('root', { message: error.message });
    },
  });
  const rootError = form.formState.errors.root?.message;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(String(values.totp)))(event)}>
      <Stack spacing={2}>
        {enrolment ? <Enrolment {...enrolment} /> : <Typography>{t('login.codeIntro')}</Typography>}
        <FormText
          control={form.control}
          name="totp"
          label={t('login.code')}
          autoComplete="one-time-code"
          autoFocus={!enrolment}
          transform={(value) => digitsOnly(value, 6)}
          helperText={t('login.codeHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'totp' } }}
          required
        />
        {rootError ? <Alert severity="error">{rootError}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {enrolment ? t('enrol.submit') : t('login.verify')}
        </Button>
        <Button onClick={onBack}>{t('login.back')}</Button>
      </Stack>
    </form>
  );
}

/** The enrolment: the steps, the QR code of the secret, and the secret to type in instead. */
function Enrolment({ otpauthUri, secret }: { otpauthUri: string; secret: string }) {
  const { t } = useTranslation('operator');
  const qr = useQrCode(otpauthUri);
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{t('enrol.why')}</Alert>
      <Typography component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.5 } }}>
        <li>{t('enrol.step1')}</li>
        <li>{t('enrol.step2')}</li>
        <li>{t('enrol.step3')}</li>
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        {qr ? (
          <Box
            component="img"
            src={qr}
            alt={t('enrol.qrAlt')}
            data-testid="totp-qr"
            sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', bgcolor: 'common.white' }}
          />
        ) : (
          <Box sx={{ width: 200, height: 200 }} />
        )}
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('enrol.key')}
        </Typography>
        <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: 16, letterSpacing: 1, wordBreak: 'break-all' }}>
          {grouped(secret)}
        </Typography>
        <Button size="small" onClick={() => void copyText(secret).then(() => toastSuccess(t('enrol.copied')))}>
          {t('enrol.copy')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /operator/login — the operators' door (decision 041): e-mail and password, then the 6-digit
 * code of their authenticator app; at the first sign-in, the QR code to enrol it first. Not
 * linked from the public site: the login page there keeps its Publisher and Library tabs.
 */
export function OperatorLoginPage() {
  const { t } = useTranslation('operator');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { isLoggedIn, user } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const form = useForm<CredentialsForm>({
    resolver: zodResolver(credentialsForm),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const done = (message: string) => {
    toastSuccess(message, t('login.signedIn'));
    void navigate(operatorReturnPath(search), { replace: true });
  };
  const password = useMutation({
    mutationFn: (credentials: Credentials) => loginAndLoadUser({ ...credentials, modelType: 'OPERATOR' }),
    meta: { silent: true },
    onSuccess: done,
    onError: (error, credentials) => {
      if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') setStep({ kind: 'code', credentials });
      else if (error instanceof ApiError && error.code === 'TOTP_ENROLMENT' && error.totpEnrolment)
        setStep({ kind: 'enrol', credentials, ...error.totpEnrolment });
      else form.setError('root', { message: error.message });
    },
  });
  if (isLoggedIn && user?.modelType === 'OPERATOR' && step.kind === 'password' && !password.isPending)
    return <Navigate to={operatorReturnPath(search)} replace />;
  const rootError = form.formState.errors.root?.message;
  const back = () => {
    form.setValue('password', '');
    setStep({ kind: 'password' });
  };
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: { xs: 'flex-start', sm: 'center' },
        bgcolor: 'grey.50',
        px: 1.5,
        py: { xs: 2, sm: 4 },
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2, md: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mr: -1 }}>
          <LanguageButton menuId="operator-language" />
        </Box>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('shell.title')}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700, textAlign: 'center' }}>
          {step.kind === 'enrol' ? t('enrol.title') : t('login.title')}
        </Typography>
        {step.kind === 'password' ? (
          <form
            noValidate
            onSubmit={(event) =>
              void form.handleSubmit((values) => password.mutate({ email: String(values.email), password: values.password }))(event)
            }
          >
            <Stack spacing={2}>
              <Typography color="text.secondary">{t('login.intro')}</Typography>
              <FormText control={form.control} name="email" label={t('login.email')} type="email" autoComplete="username" required />
              <FormText
                control={form.control}
                name="password"
                label={t('login.password')}
                type="password"
                autoComplete="current-password"
                required
              />
              {rootError ? (
                <Alert severity="error" data-testid="operator-login-error">
                  {rootError}
                </Alert>
              ) : null}
              <Button type="submit" variant="contained" size="large" disabled={password.isPending}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        ) : (
          <CodeStep
            key={step.kind}
            credentials={step.credentials}
            onDone={done}
            onBack={back}
            enrolment={step.kind === 'enrol' ? { otpauthUri: step.otpauthUri, secret: step.secret } : undefined}
          />
        )}
      </Paper>
    </Box>
  );
}
