import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { PHONE_DIGITS, PUBLISHER_NO_LENGTH, PUBLISHER_TYPES, publisherRegistration } from '@jsbn/shared';
import { toFormData, toastSuccess } from '../../../api/client';
import { FormSelect, FormText } from '../../../components/form-fields';
import { FileField } from '../../../components/file-field';
import { applyServerErrors, digitsOnly, scrollToFirstError, withChecks } from '../../../components/forms';
import { PageHeader } from '../../../components/page';
import { paths } from '../../../app/paths';
import { registerAccount, useCities, useStates } from '../api/accounts-api';
import { OtpStep } from '../components/otp-step';
import { confirmPasswordCheck, logoFile, registrationFields } from '../components/registration';

const schema = publisherRegistration.extend({ logo: logoFile, confirmPassword: z.string() });

interface PublisherForm {
  logo: File | null;
  publisher_no: string;
  publisher_name: string;
  publisher_type: string;
  address: string;
  state: string;
  city: string;
  pincode: string;
  landline_no: string;
  mobile_no: string;
  whatsapp_no: string;
  email: string;
  password: string;
  confirmPassword: string;
  gst_no: string;
  aadhar_no: string;
}

const defaults: PublisherForm = {
  logo: null,
  publisher_no: '',
  publisher_name: '',
  publisher_type: 'Sangh',
  address: '',
  state: '',
  city: '',
  pincode: '',
  landline_no: '',
  mobile_no: '',
  whatsapp_no: '',
  email: '',
  password: '',
  confirmPassword: '',
  gst_no: '',
  aadhar_no: '',
};

const resolver = withChecks(zodResolver(schema) as unknown as Resolver<PublisherForm>, confirmPasswordCheck);
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** /publisher-register — spec accounts §3/§5, then the one-time-code step. */
export function PublisherRegisterPage() {
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const form = useForm<PublisherForm>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;
  const stateId = useWatch({ control, name: 'state' });
  const states = useStates();
  const cities = useCities(stateId || undefined);

  const mutation = useMutation({
    mutationFn: ({ values }: { values: Record<string, unknown>; email: string }) =>
      registerAccount('PUBLISHER', toFormData(registrationFields(values), { logo: values.logo as File })),
    onSuccess: (reply, { email }) => {
      toastSuccess(reply.message, 'Registered successfully. Please verify your e-mail.');
      setOtpEmail(email);
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });

  if (otpEmail) return <OtpStep email={otpEmail} modelType="PUBLISHER" onBack={() => setOtpEmail(null)} />;

  return (
    <Box>
      <PageHeader title="Publisher Registration" subtitle="Register your publication to get a JSBN and QR code for every book. Registration is free." />
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
              <FormText control={control} name="publisher_no" label="Publisher unique id" required transform={(value) => value.toUpperCase().replace(/\s/g, '').slice(0, PUBLISHER_NO_LENGTH)} helperText="5 letters or digits, e.g. JNPUB" />
              <FormText control={control} name="publisher_name" label="Publisher name" required />
              <FormSelect control={control} name="publisher_type" label="Publisher type" required options={PUBLISHER_TYPES.map((type) => ({ value: type, label: type }))} />
              <FormText control={control} name="email" label="Email" type="email" autoComplete="email" required />
              <FormText control={control} name="address" label="Address" required multiline minRows={2} />
              <FormSelect
                control={control}
                name="state"
                label="State"
                required
                options={(states.data ?? []).map((state) => ({ value: String(state.id), label: state.state_name }))}
                onValueChange={() => form.setValue('city', '', { shouldValidate: false })}
              />
              <FormSelect control={control} name="city" label="City" required disabled={!stateId} options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.city_name }))} />
              <FormText control={control} name="pincode" label="Pincode" required transform={(value) => digitsOnly(value, 6)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="landline_no" label="Landline number" transform={(value) => digitsOnly(value, PHONE_DIGITS)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="mobile_no" label="Mobile number" required transform={(value) => digitsOnly(value, PHONE_DIGITS)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={(value) => digitsOnly(value, PHONE_DIGITS)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormText control={control} name="gst_no" label="GST number" />
              <FormText control={control} name="aadhar_no" label="Aadhar number" transform={(value) => digitsOnly(value, 12)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
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
