import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, TextField } from '@mui/material';
import { PUBLISHER_TYPES, SANCHALAK_TYPES } from '@jsbn/shared/core';
import { libraryProfile, publisherProfile, type CurrentUser, type LibraryDetails, type PublisherInfo } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { FormSelect, FormText } from '../../../components/form-fields';
import { digitsOnly, oneOf, phoneInput, selectValue } from '../../../components/forms';
import { LoadingState, PageHeader } from '../../../components/page';
import { useOwnLibrary, useOwnPublisher } from '../api/accounts-api';
import { ProfileFormLayout, digits, numeric, useProfileForm, useStateCityOptions } from '../components/account-forms';
import { optionalLogoFile } from '../components/registration';

function ReadOnly({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} helperText="Cannot be changed" />;
}

/** The library profile form: the API's fields and an optional new logo. */
const librarySchema = libraryProfile.extend({ logo: optionalLogoFile });
const libraryResolver = zodResolver(librarySchema);

function LibraryProfileForm({ user, profile }: { user: CurrentUser; profile: LibraryDetails }) {
  const { form, onSubmit, saving } = useProfileForm(user, libraryResolver, {
    logo: null,
    name: profile.name ?? '',
    sanchalak_name: profile.sanchalak_name ?? '',
    sanchalak_address: profile.sanchalak_address ?? '',
    address: profile.address ?? '',
    mobile_no: profile.mobile_no ?? '',
    whatsapp_no: profile.whatsapp_no ?? '',
    sangh_trust: oneOf(SANCHALAK_TYPES, profile.sangh_trust),
    number_of_books: profile.number_of_books == null ? '' : String(profile.number_of_books),
    gst_no: profile.gst_no ?? '',
    aadhar_no: profile.aadhar_no ?? '',
  });
  const { control } = form;
  return (
    <ProfileFormLayout control={control} onSubmit={onSubmit} saving={saving} logoUrl={profile.librarianLogoText?.logoUrl ?? user.logoUrl} name={profile.name}>
      <FormText control={control} name="name" label="Library name" required />
      <ReadOnly label="Email" value={profile.email ?? user.email} />
      <FormSelect control={control} name="sangh_trust" label="Sanchalak type" required options={SANCHALAK_TYPES.map((type) => ({ value: type, label: type }))} />
      <FormText control={control} name="sanchalak_name" label="Sanchalak name" required />
      <FormText control={control} name="sanchalak_address" label="Sanchalak address" required multiline minRows={2} />
      <FormText control={control} name="address" label="Address" required multiline minRows={2} />
      <FormText control={control} name="mobile_no" label="Mobile number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="number_of_books" label="Number of books" required transform={(value) => digitsOnly(value, 9)} slotProps={numeric} />
      <FormText control={control} name="gst_no" label="GST number" />
      <FormText control={control} name="aadhar_no" label="Aadhar number" transform={digits(12)} slotProps={numeric} />
    </ProfileFormLayout>
  );
}

/** The publisher profile form: the API's fields and an optional new logo. */
const publisherSchema = publisherProfile.extend({ logo: optionalLogoFile });
const publisherResolver = zodResolver(publisherSchema);

function PublisherProfileForm({ user, profile }: { user: CurrentUser; profile: PublisherInfo }) {
  const { form, onSubmit, saving } = useProfileForm(user, publisherResolver, {
    logo: null,
    publisher_name: profile.publisher_name ?? '',
    publisher_type: oneOf(PUBLISHER_TYPES, profile.publisher_type ?? 'Sangh'),
    address: profile.address ?? '',
    pincode: profile.pincode ?? '',
    landline_no: profile.landline_no ?? '',
    mobile_no: profile.mobile_no ?? '',
    whatsapp_no: profile.whatsapp_no ?? '',
    state: profile.state_id ? String(profile.state_id) : '',
    city: profile.city_id ? String(profile.city_id) : '',
    gst_no: profile.gst_no ?? '',
    aadhar_no: profile.aadhar_no ?? '',
  });
  const { control } = form;
  const stateId = selectValue(useWatch({ control, name: 'state' }));
  const { stateOptions, cityOptions } = useStateCityOptions(stateId, selectValue(form.getValues('city')), profile);

  return (
    <ProfileFormLayout control={control} onSubmit={onSubmit} saving={saving} logoUrl={profile.logoUrl ?? user.logoUrl} name={profile.publisher_name}>
      <ReadOnly label="Publisher unique id" value={profile.publisher_no ?? user.publisher_no ?? ''} />
      <ReadOnly label="Email" value={profile.email ?? user.email} />
      <FormText control={control} name="publisher_name" label="Publisher name" required />
      <FormSelect control={control} name="publisher_type" label="Publisher type" required options={PUBLISHER_TYPES.map((type) => ({ value: type, label: type }))} />
      <FormText control={control} name="address" label="Address" required multiline minRows={2} />
      <FormText control={control} name="pincode" label="Pincode" required transform={digits(6)} slotProps={numeric} />
      <FormSelect
        control={control}
        name="state"
        label="State"
        required
        options={stateOptions}
        onValueChange={() => form.setValue('city', '', { shouldValidate: form.formState.isSubmitted })}
      />
      <FormSelect control={control} name="city" label="City" required disabled={!stateId} options={cityOptions} />
      <FormText control={control} name="landline_no" label="Landline number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="mobile_no" label="Mobile number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={phoneInput} slotProps={numeric} />
      <FormText control={control} name="gst_no" label="GST number" />
      <FormText control={control} name="aadhar_no" label="Aadhar number" transform={digits(12)} slotProps={numeric} />
    </ProfileFormLayout>
  );
}

/** /edit-profile — the own library or publisher profile (spec accounts §2, §5). */
export function EditProfilePage() {
  const { user } = useSession();
  const isPublisher = user?.modelType === 'PUBLISHER';
  const publisher = useOwnPublisher(isPublisher ? user?.publisherId : undefined);
  const library = useOwnLibrary(!isPublisher ? user?.libraryId : undefined);
  if (!user) return null;
  return (
    <Box>
      <PageHeader title="Edit Profile" subtitle={isPublisher ? 'Your publisher details.' : 'Your library details.'} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        {isPublisher ? (
          publisher.data ? (
            <PublisherProfileForm key={publisher.dataUpdatedAt} user={user} profile={publisher.data} />
          ) : (
            <LoadingState />
          )
        ) : library.data ? (
          <LibraryProfileForm key={library.dataUpdatedAt} user={user} profile={library.data} />
        ) : (
          <LoadingState />
        )}
      </Paper>
    </Box>
  );
}
