import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { OTP_LENGTH, OTP_RESEND_WAIT_MS } from '@jsbn/shared/core';
import { MSG, otp, phone, type MobileState } from '@jsbn/shared';
import { ApiError, refreshCurrentUser, toastError, toastSuccess } from '../../../api/client';
import { getSession, setUser, useSession } from '../../../api/session';
import { applyServerErrors } from '../../../components/forms';
import { FormPhone } from '../../../components/form-fields';
import { paths } from '../../../lib/paths';
import { useConfirmMobile, useSendMobileCode } from '../api/accounts-api';
import { CodeEntry } from '../components/code-entry';
import { shownMobile } from '../components/mobile-number';

const codeForm = z.object({ otp });
const numberForm = z.object({ mobile_no: phone(MSG.phone10) });

/** The session user's mobile state replaced by `mobile` (the reply of a send or a confirmation). */
function keep(mobile: MobileState) {
  const user = getSession().user;
  if (user) setUser({ ...user, mobile });
}

/** Milliseconds until another code may be asked for, ticking; 0 when it may. */
function useResendWait(codeSentAt: string | null | undefined): number {
  const until = codeSentAt ? Date.parse(codeSentAt) + OTP_RESEND_WAIT_MS : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, until - now);
}

/**
 * /confirm-mobile — the step after the e-mail code where WhatsApp is configured (decision 081),
 * and the profile's way to it later: a 6-digit code sent by WhatsApp to the profile's mobile
 * number, entered here; 'Send the code again' after 60 s, 'Change the number', and 'Later' (the
 * account works; the profile shows the number as not confirmed).
 */
export function ConfirmMobilePage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { user } = useSession();
  const mobile = user?.mobile;
  const [changing, setChanging] = useState(false);
  const wait = useResendWait(mobile?.codeSentAt);
  const codeFormState = useForm<z.input<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    mode: 'onTouched',
    defaultValues: { otp: '' },
  });
  const numberFormState = useForm<z.input<typeof numberForm>, unknown, z.output<typeof numberForm>>({
    resolver: zodResolver(numberForm),
    mode: 'onTouched',
    defaultValues: { mobile_no: '' },
  });

  // the state as the server has it now (a code may have been sent on another device)
  useEffect(() => {
    void refreshCurrentUser().catch(() => undefined);
  }, []);

  /** A refusal on the form's fields (under the field), else in a toast (a wait of 60 s, a budget spent). */
  const refused = (error: Error, onFields: (error: ApiError) => void) => {
    if (error instanceof ApiError && error.details.some((detail) => detail.field)) onFields(error);
    else toastError(error);
  };
  const send = useSendMobileCode({
    silent: true,
    onSuccess: (reply) => {
      keep(reply.data);
      toastSuccess(reply.message, t('mobile.sent'));
      setChanging(false);
      codeFormState.reset({ otp: '' });
    },
    onError: (error) =>
      refused(error, (fields) =>
        changing ? applyServerErrors(fields, numberFormState.setError) : applyServerErrors(fields, codeFormState.setError),
      ),
  });
  const confirm = useConfirmMobile({
    silent: true,
    onSuccess: (reply) => {
      keep(reply.data);
      toastSuccess(reply.message, t('mobile.confirmed'));
    },
    onError: (error) => refused(error, (fields) => applyServerErrors(fields, codeFormState.setError)),
  });

  if (!user || !mobile) return null;
  const later = () => void navigate(paths.home, { replace: true });

  return (
    // every button a 44 px target on a phone
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 480, mx: 'auto', '& .MuiButton-root': { minHeight: 44 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
        {t('mobile.title')}
      </Typography>
      {mobile.confirmedAt ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="mobile-confirmed">
            <Trans
              t={t}
              i18nKey="mobile.isConfirmed"
              values={{ number: shownMobile(mobile.number ?? '') }}
              components={{ strong: <strong /> }}
            />
          </Alert>
          <Button variant="contained" onClick={later}>
            {t('mobile.continue')}
          </Button>
          <Button component={RouterLink} to={paths.editProfile}>
            {t('mobile.toProfile')}
          </Button>
        </Stack>
      ) : !mobile.canConfirm ? (
        <Stack spacing={2}>
          <Alert severity="info">{t('mobile.unavailable')}</Alert>
          <Button variant="contained" onClick={later}>
            {t('mobile.continue')}
          </Button>
        </Stack>
      ) : changing || !mobile.number ? (
        <form
          noValidate
          onSubmit={(event) => void numberFormState.handleSubmit((values) => send.mutate({ mobile_no: values.mobile_no }))(event)}
        >
          <Stack spacing={2}>
            <Typography variant="body2">{t('mobile.changeIntro')}</Typography>
            <FormPhone control={numberFormState.control} name="mobile_no" label={t('fields.mobile')} required />
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {t('mobile.sendCode')}
            </Button>
            {mobile.number ? <Button onClick={() => setChanging(false)}>{t('mobile.keepNumber')}</Button> : null}
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void codeFormState.handleSubmit((values) => confirm.mutate({ otp: String(values.otp).trim() }))(event)}
        >
          <Stack spacing={2}>
            <Alert severity="info">
              <Trans
                t={t}
                i18nKey={mobile.codeSentAt ? 'mobile.sent' : 'mobile.willSend'}
                values={{ digits: OTP_LENGTH, number: shownMobile(mobile.number) }}
                components={{ strong: <strong /> }}
              />
            </Alert>
            <CodeEntry
              control={codeFormState.control}
              showField={Boolean(mobile.codeSentAt)}
              submitLabel={t('mobile.confirm')}
              submitting={confirm.isPending}
              aside={<Button onClick={() => setChanging(true)}>{t('mobile.change')}</Button>}
              wait={wait}
              countdownTestId="mobile-countdown"
              resendLabel={mobile.codeSentAt ? t('mobile.resend') : t('mobile.sendCode')}
              resendVariant={mobile.codeSentAt ? 'text' : 'contained'}
              onResend={() => send.mutate({})}
              resending={send.isPending}
            />
            <Typography variant="body2" color="text.secondary">
              {t('mobile.laterHint')}
            </Typography>
            <Button onClick={later}>{t('mobile.later')}</Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
