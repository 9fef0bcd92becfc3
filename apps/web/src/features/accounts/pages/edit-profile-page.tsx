import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import { PHONE_DIGITS, PUBLISHER_TYPES, SANCHALAK_TYPES, libraryProfile, publisherProfile, type CurrentUser } from '@jsbn/shared';
import { refreshCurrentUser, toFormData, toastSuccess } from '../../../api/client';
import { useSession } from '../../../api/session';
import { FormSelect, FormText } from '../../../components/form-fields';
import { applyServerErrors, digitsOnly, scrollToFirstError } from '../../../components/forms';
import { LoadingState, PageHeader } from '../../../components/page';
import { updateProfile, useCities, useOwnLibrary, useOwnPublisher, useStates, type OwnLibraryProfile, type OwnPublisherProfile } from '../api/accounts-api';
import { LogoPicker } from '../components/logo-picker';
import { optionalLogoFile } from '../components/registration';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
const digits = (max: number) => (value: string) => digitsOnly(value, max);
const numeric = { htmlInput: { inputMode: 'numeric' as const } };

function ReadOnly({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} helperText="Cannot be changed" />;
}

/** After a save: the current user (app bar logo and name) and the profile are read again. */
function useSaveProfile(user: CurrentUser, onFieldErrors: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, logo }: { fields: Record<string, unknown>; logo: File | null | undefined }) =>
      updateProfile(user.modelType, toFormData(fields, { logo })),
    onSuccess: async (reply) => {
      toastSuccess(reply.message, 'Profile updated successfully');
      await refreshCurrentUser();
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      await queryClient.invalidateQueries({ queryKey: ['publishers'] });
      await queryClient.invalidateQueries({ queryKey: ['libraries'] });
    },
    onError: onFieldErrors,
  });
}

interface LibraryForm {
  logo: File | null;
  name: string;
  sanchalak_name: string;
  sanchalak_address: string;
  address: string;
  mobile_no: string;
  whatsapp_no: string;
  sangh_trust: string;
  number_of_books: string;
  gst_no: string;
  aadhar_no: string;
}
const libraryResolver = zodResolver(libraryProfile.extend({ logo: optionalLogoFile })) as unknown as Resolver<LibraryForm>;

function LibraryProfileForm({ user, profile }: { user: CurrentUser; profile: OwnLibraryProfile }) {
  const form = useForm<LibraryForm>({
    resolver: libraryResolver,
    mode: 'onTouched',
    defaultValues: {
      logo: null,
      name: profile.name ?? '',
      sanchalak_name: profile.sanchalak_name ?? '',
      sanchalak_address: profile.sanchalak_address ?? '',
      address: profile.address ?? '',
      mobile_no: profile.mobile_no ?? '',
      whatsapp_no: profile.whatsapp_no ?? '',
      sangh_trust: profile.sangh_trust ?? '',
      number_of_books: profile.number_of_books == null ? '' : String(profile.number_of_books),
      gst_no: profile.gst_no ?? '',
      aadhar_no: profile.aadhar_no ?? '',
    },
  });
  const { control } = form;
  const save = useSaveProfile(user, (error) => applyServerErrors(error, form.setError));
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const { logo, ...fields } = values as unknown as Record<string, unknown> & { logo: File | null };
        save.mutate({ fields, logo });
      }, scrollToFirstError)}
    >
      <Stack spacing={3}>
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <LogoPicker currentUrl={profile.librarianLogoText?.logoUrl ?? user.logoUrl} name={profile.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
          )}
        />
        <Box sx={grid}>
          <FormText control={control} name="name" label="Library name" required />
          <ReadOnly label="Email" value={profile.email ?? user.email} />
          <FormSelect control={control} name="sangh_trust" label="Sanchalak type" required options={SANCHALAK_TYPES.map((type) => ({ value: type, label: type }))} />
          <FormText control={control} name="sanchalak_name" label="Sanchalak name" required />
          <FormText control={control} name="sanchalak_address" label="Sanchalak address" required multiline minRows={2} />
          <FormText control={control} name="address" label="Address" required multiline minRows={2} />
          <FormText control={control} name="mobile_no" label="Mobile number" required transform={digits(PHONE_DIGITS)} slotProps={numeric} />
          <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={digits(PHONE_DIGITS)} slotProps={numeric} />
          <FormText control={control} name="number_of_books" label="Number of books" required transform={(value) => digitsOnly(value, 9)} slotProps={numeric} />
          <FormText control={control} name="gst_no" label="GST number" />
          <FormText control={control} name="aadhar_no" label="Aadhar number" transform={digits(12)} slotProps={numeric} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            Save changes
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

interface PublisherForm {
  logo: File | null;
  publisher_name: string;
  publisher_type: string;
  address: string;
  pincode: string;
  landline_no: string;
  mobile_no: string;
  whatsapp_no: string;
  state: string;
  city: string;
  gst_no: string;
  aadhar_no: string;
}
const publisherResolver = zodResolver(publisherProfile.extend({ logo: optionalLogoFile })) as unknown as Resolver<PublisherForm>;

function PublisherProfileForm({ user, profile }: { user: CurrentUser; profile: OwnPublisherProfile }) {
  const form = useForm<PublisherForm>({
    resolver: publisherResolver,
    mode: 'onTouched',
    defaultValues: {
      logo: null,
      publisher_name: profile.publisher_name ?? '',
      publisher_type: profile.publisher_type ?? 'Sangh',
      address: profile.address ?? '',
      pincode: profile.pincode ?? '',
      landline_no: profile.landline_no ?? '',
      mobile_no: profile.mobile_no ?? '',
      whatsapp_no: profile.whatsapp_no ?? '',
      state: profile.state_id ? String(profile.state_id) : '',
      city: profile.city_id ? String(profile.city_id) : '',
      gst_no: profile.gst_no ?? '',
      aadhar_no: profile.aadhar_no ?? '',
    },
  });
  const { control } = form;
  const stateId = useWatch({ control, name: 'state' });
  const states = useStates();
  const cities = useCities(stateId || undefined);
  const save = useSaveProfile(user, (error) => applyServerErrors(error, form.setError));
  // MUI warns about a value missing from the options while they load; offer the saved one meanwhile.
  const cityOptions = (cities.data ?? []).map((city) => ({ value: String(city.id), label: city.city_name }));
  const stateOptions = (states.data ?? []).map((state) => ({ value: String(state.id), label: state.state_name }));
  const currentCity = form.getValues('city');
  if (currentCity && !cities.data && String(profile.city_id) === currentCity) cityOptions.push({ value: currentCity, label: profile.city_name });
  if (stateId && !states.data && String(profile.state_id) === stateId) stateOptions.push({ value: stateId, label: profile.state_name });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const { logo, ...fields } = values as unknown as Record<string, unknown> & { logo: File | null };
        save.mutate({ fields, logo });
      }, scrollToFirstError)}
    >
      <Stack spacing={3}>
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <LogoPicker currentUrl={profile.logoUrl ?? user.logoUrl} name={profile.publisher_name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
          )}
        />
        <Box sx={grid}>
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
          <FormText control={control} name="landline_no" label="Landline number" required transform={digits(PHONE_DIGITS)} slotProps={numeric} />
          <FormText control={control} name="mobile_no" label="Mobile number" required transform={digits(PHONE_DIGITS)} slotProps={numeric} />
          <FormText control={control} name="whatsapp_no" label="WhatsApp number" required transform={digits(PHONE_DIGITS)} slotProps={numeric} />
          <FormText control={control} name="gst_no" label="GST number" />
          <FormText control={control} name="aadhar_no" label="Aadhar number" transform={digits(12)} slotProps={numeric} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            Save changes
          </Button>
        </Box>
      </Stack>
    </form>
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
