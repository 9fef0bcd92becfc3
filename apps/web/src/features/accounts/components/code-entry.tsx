import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { Button, Stack, Typography } from '@mui/material';
import { OTP_LENGTH } from '@jsbn/shared/core';
import { digitsOnly } from '../../../components/forms';
import { FormText } from '../../../components/form-fields';

/** `ms` milliseconds as mm:ss, rounded up to the second. */
const mmss = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The entry of a one-time code — the e-mail code of registration (`OtpStep`) and the WhatsApp
 * code of the mobile number (`ConfirmMobilePage`, decision 081): the code's field (digits only, at
 * most OTP_LENGTH, the browser's one-time-code autofill) and its submit button, then a row with
 * `aside` on the left ('Back', 'Change the number') and on the right the wait until another code
 * may be asked for (mm:ss, while `wait` > 0) and the button that asks for it. Rendered inside the
 * form's `Stack`, whose spacing it takes.
 * @param control the form's control; its field `otp` is the code
 * @param showField whether the field and its submit button show (no code sent yet: only the row)
 * @param wait milliseconds until another code may be asked for (0: it may); the button is disabled meanwhile and while `resending`
 * @param countdownTestId the `data-testid` of the mm:ss
 */
export function CodeEntry({
  control,
  showField = true,
  submitLabel,
  submitting,
  aside,
  wait,
  countdownTestId,
  resendLabel,
  resendVariant = 'text',
  onResend,
  resending,
}: {
  control: Control<{ otp: string }>;
  showField?: boolean;
  submitLabel: string;
  submitting: boolean;
  aside: ReactNode;
  wait: number;
  countdownTestId: string;
  resendLabel: string;
  resendVariant?: 'text' | 'contained';
  onResend: () => void;
  resending: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      {showField ? (
        <>
          <FormText
            control={control}
            name="otp"
            label={t('fields.otp')}
            autoComplete="one-time-code"
            transform={(value) => digitsOnly(value, OTP_LENGTH)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH } }}
          />
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {aside}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {wait > 0 ? (
            <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid={countdownTestId}>
              {mmss(wait)}
            </Typography>
          ) : null}
          <Button variant={resendVariant} onClick={onResend} disabled={wait > 0 || resending}>
            {resendLabel}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
