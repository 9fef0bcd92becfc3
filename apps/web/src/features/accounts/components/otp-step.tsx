import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { OTP_LENGTH, OTP_RESEND_WAIT_MS } from '@jsbn/shared/core';
import { otp, type ModelType } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { getSession } from '../../../api/session';
import { paths } from '../../../lib/paths';
import { useResendCode, useVerifyEmail } from '../api/accounts-api';
import { CodeEntry } from './code-entry';

const otpForm = z.object({ otp });
type OtpForm = z.input<typeof otpForm>;

/**
 * The one-time-code step of registration (docs/api.md): the right code signs the new account in and opens the home page
 * (decision 072), or, where WhatsApp is configured, the step confirming the mobile number (decision 081).
 */
export function OtpStep({ email, modelType, onBack }: { email: string; modelType: ModelType; onBack: () => void }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  // A code was just sent with the registration, and the server refuses a new one for 60 s.
  const [lockedUntil, setLockedUntil] = useState<number | null>(() => Date.now() + OTP_RESEND_WAIT_MS);
  const [now, setNow] = useState(() => Date.now());
  const form = useForm<OtpForm>({ resolver: zodResolver(otpForm), mode: 'onTouched', defaultValues: { otp: '' } });

  useEffect(() => {
    if (!lockedUntil) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= lockedUntil) {
        setLockedUntil(null);
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [lockedUntil]);

  const verify = useVerifyEmail({
    onSuccess: (message) => {
      toastSuccess(message, t('otp.verified'));
      // the code signed the person in (decision 072): their home page, as after a login; where
      // WhatsApp is configured, the mobile number's code first (decision 081)
      const mobile = getSession().user?.mobile;
      void navigate(mobile?.canConfirm && mobile.number && !mobile.confirmedAt ? paths.confirmMobile : paths.home, { replace: true });
    },
  });
  const resend = useResendCode({
    onSuccess: (reply) => {
      toastSuccess(reply.message, t('otp.resent'));
      const start = Date.now();
      setNow(start);
      setLockedUntil(start + OTP_RESEND_WAIT_MS);
    },
  });
  const remaining = lockedUntil ? Math.max(0, lockedUntil - now) : 0;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
        {t('otp.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        <Trans t={t} i18nKey="otp.sent" values={{ digits: OTP_LENGTH, email }} components={{ strong: <strong /> }} />
      </Alert>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => verify.mutate({ email, otp: String(values.otp).trim(), modelType }))(event)}
      >
        <Stack spacing={2}>
          <CodeEntry
            control={form.control}
            submitLabel={t('otp.verify')}
            submitting={verify.isPending}
            aside={<Button onClick={onBack}>{t('otp.back')}</Button>}
            wait={remaining}
            countdownTestId="otp-countdown"
            resendLabel={t('otp.resend')}
            onResend={() => resend.mutate({ email, modelType })}
            resending={resend.isPending}
          />
        </Stack>
      </form>
    </Paper>
  );
}
