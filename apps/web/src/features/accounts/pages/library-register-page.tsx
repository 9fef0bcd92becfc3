import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { PHONE_DIGITS, SANCHALAK_TYPES, libraryRegistration } from '@jsbn/shared';
import { toFormData, toastSuccess } from '../../../api/client';
import { FormSelect, FormText } from '../../../components/form-fields';
import { FileField } from '../../../components/file-field';
import { applyServerErrors, digitsOnly, scrollToFirstError, withChecks } from '../../../components/forms';
import { PageHeader } from '../../../components/page';
import { paths } from '../../../app/paths';
import { registerAccount } from '../api/accounts-api';
import { OtpStep } from '../components/otp-step';
import { confirmPasswordCheck, logoFile, registrationFields } from '../components/registration';

const schema = libraryRegistration.extend({ logo: logoFile, confirmPassword: z.string() });

interface LibraryForm {
  logo: File | null;
  name: string;
  sanchalak_name: string;
  sanchalak_address: string;
  address: string;
  email: string;
  mobile_no: string;
  whatsapp_no: string;
  number_of_books: string;
  sangh_trust: string;
  password: string;
  confirmPassword: string;
  gst_no: string;
  aadhar_no: string;
}

const defaults: LibraryForm = {
  logo: null,
  name: '',
  sanchalak_name: '',
  sanchalak_address: '',
  address: '',
  email: '',
  mobile_no: '',
  whatsapp_no: '',
  number_of_books: '',
  sangh_trust: '',
  password: '',
  confirmPassword: '',
  gst_no: '',
  aadhar_no: '',
};

const resolver = withChecks(zodResolver(schema) as unknown as Resolver<LibraryForm>, confirmPasswordCheck);
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** /library-register — spec accounts §3/§5, then the one-time-code step. */
export function LibraryRegisterPage() {
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const form = useForm<LibraryForm>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;

  const mutation = useMutation({
    mutationFn: ({ values }: { values: Record<string, unknown>; email: string }) =>
      registerAccount('LIBRARY', toFormData(registrationFields(values), { logo: values.logo as File })),
    onSuccess: (reply, { email }) => {
      toastSuccess(reply.message, 'Registered successfully. Please verify your e-mail.');
      setOtpEmail(email);
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });

  if (otpEmail) return <OtpStep email={otpEmail} modelType="LIBRARY" onBack={() => setOtpEmail(null)} />;

  return (
    <Box>
      <PageHeader title="Library Registration" subtitle="Register your Gyan Bhandar to find books and order them from publishers." />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => {
            const output = values as unknown as Record<string, unknown>;
            mutation.mutate({ values: output, email: String(output.email) });
          }, scrollToFirstError)}
        >
          <Stack spacing={3}>
            <Controller
              control={control}
              name="logo"
              render={({ field, fieldState }) => (
                <FileField label="Logo" accept="image/jpeg,image/png" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} helperText="JPEG or PNG" required />
              )}
            />
            <Box sx={grid}>
              <FormText control={control} name="name" label="Library name" required />
              <FormSelect control={control} name="sangh_trust" label="Sanchalak type" required options={SANCHALAK_TYPES.map((type) => ({ value: type, label: type }))} />
              <FormText control={control} name="sanchalak_name" label="Sanchalak name" required />
              <FormText control={control} name="sanchalak_address" label="Sanchalak address" required multiline minRows={2} />
              <FormText control={control} name="address" label="Address" required multiline minRows={2} />
              <FormText control={control} name="email" label="Email" type="email" autoComplete="email" required />
              <FormText control={control} name="mobile_no" label="Mobile number" required transform={(value) => digitsOnly(value, PHONE_DIGITS)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={(value) => digitsOnly(value, PHONE_DIGITS)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="number_of_books" label="Number of books" transform={(value) => digitsOnly(value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="gst_no" label="GST number" />
              <FormText control={control} name="aadhar_no" label="Aadhar number" transform={(value) => digitsOnly(value, 12)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <Box sx={{ display: { xs: 'none', md: 'block' } }} />
              <FormText control={control} name="password" label="Password" type="password" autoComplete="new-password" required />
              <FormText control={control} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
                Submit
              </Button>
              <Typography variant="body2">
                Already registered?{' '}
                <Link component={RouterLink} to={paths.login}>
                  Login
                </Link>
              </Typography>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
