import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PUBLISHER_NO_LENGTH, PUBLISHER_TYPES } from '@jsbn/shared/core';
import { publisherRegistration } from '@jsbn/shared';
import { FormSelect, FormText } from '../../../components/form-fields';
import { phoneInput, selectValue, withChecks } from '../../../components/forms';
import { RegistrationLayout, digits, numeric, useRegistration, useStateCityOptions } from '../components/account-forms';
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

/** /publisher-register — spec accounts §3/§5, then the one-time-code step. */
export function PublisherRegisterPage() {
  const form = useForm<PublisherForm, unknown, z.output<typeof schema>>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;
  const stateId = selectValue(useWatch({ control, name: 'state' }));
  const { stateOptions, cityOptions } = useStateCityOptions(stateId);

  const registration = useRegistration('PUBLISHER', form);

  if (registration.otpEmail) return <OtpStep email={registration.otpEmail} modelType="PUBLISHER" onBack={registration.back} />;

  return (
    <RegistrationLayout title="Publisher Registration" subtitle="Register your publication to get a JSBN and QR code for every book. Registration is free." control={control} onSubmit={registration.onSubmit} pending={registration.pending}>
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
        options={stateOptions}
        onValueChange={() => form.setValue('city', '', { shouldValidate: false })}
      />
      <FormSelect control={control} name="city" label="City" required disabled={!stateId} options={cityOptions} />
      <FormText control={control} name="pincode" label="Pincode" required transform={digits(6)} slotProps={numeric} />
      <FormText control={control} name="landline_no" label="Landline number" transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="mobile_no" label="Mobile number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="gst_no" label="GST number" />
      <FormText control={control} name="aadhar_no" label="Aadhar number" transform={digits(12)} slotProps={numeric} />
      <FormText control={control} name="password" label="Password" type="password" autoComplete="new-password" required />
      <FormText control={control} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required />
    </RegistrationLayout>
  );
}
