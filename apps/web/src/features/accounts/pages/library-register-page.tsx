import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box } from '@mui/material';
import { SANCHALAK_TYPES, lookupText } from '@jsbn/shared/core';
import { libraryRegistration } from '@jsbn/shared';
import { FormPhone, FormSelect, FormText } from '../../../components/form-fields';
import { useLookups } from '../../../i18n';
import { withChecks } from '../../../components/forms';
import { RegistrationLayout, digits, numeric, useRegistration, useSameWhatsapp } from '../components/account-forms';
import { OtpStep } from '../components/otp-step';
import { confirmPasswordCheck, logoFile } from '../components/registration';

const schema = libraryRegistration.extend({ logo: logoFile, confirmPassword: z.string() });

type LibraryForm = z.input<typeof schema>;

const defaults: DefaultValues<LibraryForm> = {
  logo: null,
  name: '',
  sanchalak_name: '',
  sanchalak_address: '',
  address: '',
  email: '',
  mobile_no: '',
  whatsapp_no: '',
  number_of_books: '',
  // sangh_trust starts unanswered: the select shows no choice until one is made
  password: '',
  confirmPassword: '',
  gst_no: '',
  aadhar_no: '',
};

const resolver = withChecks(zodResolver(schema), confirmPasswordCheck);

/** /library-register — docs/api.md, then the one-time-code step. */
export function LibraryRegisterPage() {
  const { t } = useTranslation('accounts');
  const lookups = useLookups();
  const form = useForm<LibraryForm, unknown, z.output<typeof schema>>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;

  const whatsapp = useSameWhatsapp(form);
  const registration = useRegistration('LIBRARY', form);

  if (registration.otpEmail) return <OtpStep email={registration.otpEmail} modelType="LIBRARY" onBack={registration.back} />;

  return (
    <RegistrationLayout
      title={t('register.libraryTitle')}
      subtitle={t('register.librarySubtitle')}
      control={control}
      onSubmit={registration.onSubmit}
      pending={registration.pending}
    >
      <FormText control={control} name="name" label={t('fields.libraryName')} required />
      <FormSelect
        control={control}
        name="sangh_trust"
        label={t('fields.sanchalakType')}
        required
        options={SANCHALAK_TYPES.map((type) => ({ value: type, label: lookupText(lookups, 'sanchalakTypes', type) }))}
      />
      <FormText control={control} name="sanchalak_name" label={t('fields.sanchalakName')} required />
      <FormText control={control} name="sanchalak_address" label={t('fields.sanchalakAddress')} required multiline minRows={2} />
      <FormText control={control} name="address" label={t('fields.address')} required multiline minRows={2} />
      <FormText control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" required />
      <FormPhone control={control} name="mobile_no" label={t('fields.mobile')} required />
      {whatsapp.checkbox}
      {whatsapp.same ? null : <FormPhone control={control} name="whatsapp_no" label={t('fields.whatsapp')} required />}
      <FormText control={control} name="number_of_books" label={t('fields.numberOfBooks')} transform={digits()} slotProps={numeric} />
      <FormText control={control} name="gst_no" label={t('fields.gst')} />
      <FormText control={control} name="aadhar_no" label={t('fields.aadhar')} transform={digits(12)} slotProps={numeric} />
      <Box sx={{ display: { xs: 'none', md: 'block' } }} />
      <FormText control={control} name="password" label={t('fields.password')} type="password" autoComplete="new-password" required />
      <FormText
        control={control}
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </RegistrationLayout>
  );
}
