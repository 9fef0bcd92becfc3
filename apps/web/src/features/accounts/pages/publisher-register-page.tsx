import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PUBLISHER_NO_LENGTH, PUBLISHER_TYPES, lookupText } from '@jsbn/shared/core';
import { publisherRegistration } from '@jsbn/shared';
import { FormPhone, FormSearchSelect, FormSelect, FormText } from '../../../components/form-fields';
import { useLookups } from '../../../i18n';
import { selectValue, withChecks } from '../../../components/forms';
import { RegistrationLayout, digits, numeric, useRegistration, useSameWhatsapp, useStateCityOptions } from '../components/account-forms';
import { OtpStep } from '../components/otp-step';
import { confirmPasswordCheck, logoFile } from '../components/registration';

const schema = publisherRegistration.extend({ logo: logoFile, confirmPassword: z.string() });

type PublisherForm = z.input<typeof schema>;

const defaults: PublisherForm = {
  logo: null,
  publisher_no: '',
  publisher_name: '',
  publisher_type: 'Sangh',
  address: '',
  state: '',
  city: '',
  town: '',
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

const resolver = withChecks(zodResolver(schema), confirmPasswordCheck);

/** /publisher-register — docs/api.md, then the one-time-code step. */
export function PublisherRegisterPage() {
  const { t } = useTranslation('accounts');
  const lookups = useLookups();
  const form = useForm<PublisherForm, unknown, z.output<typeof schema>>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;
  const stateId = selectValue(useWatch({ control, name: 'state' }));
  const { stateOptions, cityOptions } = useStateCityOptions(stateId);

  const whatsapp = useSameWhatsapp(form);
  const registration = useRegistration('PUBLISHER', form);

  if (registration.otpEmail) return <OtpStep email={registration.otpEmail} modelType="PUBLISHER" onBack={registration.back} />;

  return (
    <RegistrationLayout
      title={t('register.publisherTitle')}
      subtitle={t('register.publisherSubtitle')}
      control={control}
      onSubmit={registration.onSubmit}
      pending={registration.pending}
    >
      <FormText
        control={control}
        name="publisher_no"
        label={t('fields.publisherNo')}
        required
        transform={(value) => value.toUpperCase().replace(/\s/g, '').slice(0, PUBLISHER_NO_LENGTH)}
        helperText={t('register.publisherNoHint', { example: 'JNPUB' })}
      />
      <FormText control={control} name="publisher_name" label={t('fields.publisherName')} required />
      <FormSelect
        control={control}
        name="publisher_type"
        label={t('fields.publisherType')}
        required
        options={PUBLISHER_TYPES.map((type) => ({ value: type, label: lookupText(lookups, 'publisherTypes', type) }))}
      />
      <FormText control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" required />
      <FormText control={control} name="address" label={t('fields.address')} required multiline minRows={2} />
      <FormSelect
        control={control}
        name="state"
        label={t('fields.state')}
        required
        options={stateOptions}
        onValueChange={() => form.setValue('city', '', { shouldValidate: false })}
      />
      <FormSearchSelect control={control} name="city" label={t('fields.city')} required disabled={!stateId} options={cityOptions} />
      <FormText control={control} name="town" label={t('fields.town')} helperText={t('register.townHint')} />
      <FormText control={control} name="pincode" label={t('fields.pincode')} required transform={digits(6)} slotProps={numeric} />
      <FormPhone control={control} name="landline_no" label={t('fields.landline')} />
      <FormPhone control={control} name="mobile_no" label={t('fields.mobile')} required />
      {whatsapp.checkbox}
      {whatsapp.same ? null : <FormPhone control={control} name="whatsapp_no" label={t('fields.whatsapp')} required />}
      <FormText control={control} name="gst_no" label={t('fields.gst')} />
      <FormText control={control} name="aadhar_no" label={t('fields.aadhar')} transform={digits(12)} slotProps={numeric} />
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
