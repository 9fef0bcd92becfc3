import { useTranslation } from 'react-i18next';
import { PublicHoldingsSettingsForm } from '../components/public-holdings-settings';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { POSTAGE_TERMS, PUBLISHER_TYPES, SANCHALAK_TYPES, lookupText, rupees } from '@jsbn/shared/core';
import { libraryProfile, publisherProfile, type CurrentUser, type LibraryDetails, type PublisherInfo } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { useLookups } from '../../../i18n';
import { FormPhone, FormSearchSelect, FormSelect, FormText } from '../../../components/form-fields';
import { digitsOnly, oneOf, selectValue } from '../../../components/forms';
import { LoadingState, PageHeader } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { useOwnLibrary, useOwnPublisher } from '../api/accounts-api';
import { ProfileFormLayout, digits, numeric, useProfileForm, useStateCityOptions } from '../components/account-forms';
import { optionalLogoFile } from '../components/registration';
import { shownMobile } from '../components/mobile-number';

function ReadOnly({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('accounts');
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} helperText={t('profile.cannotChange')} />;
}

/** The library profile form: the API's fields and an optional new logo. */
const librarySchema = libraryProfile.extend({ logo: optionalLogoFile });
const libraryResolver = zodResolver(librarySchema);

function LibraryProfileForm({ user, profile }: { user: CurrentUser; profile: LibraryDetails }) {
  const { t } = useTranslation('accounts');
  const lookups = useLookups();
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
    <ProfileFormLayout
      control={control}
      onSubmit={onSubmit}
      saving={saving}
      logoUrl={profile.librarianLogoText?.logoUrl ?? user.logoUrl}
      name={profile.name}
    >
      <FormText control={control} name="name" label={t('fields.libraryName')} required />
      <ReadOnly label={t('fields.email')} value={profile.email ?? user.email} />
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
      <FormPhone control={control} name="mobile_no" label={t('fields.mobile')} required />
      <FormPhone control={control} name="whatsapp_no" label={t('fields.whatsapp')} required />
      <FormText
        control={control}
        name="number_of_books"
        label={t('fields.numberOfBooks')}
        required
        transform={(value) => digitsOnly(value, 9)}
        slotProps={numeric}
      />
      <FormText control={control} name="gst_no" label={t('fields.gst')} />
      <FormText control={control} name="aadhar_no" label={t('fields.aadhar')} transform={digits(12)} slotProps={numeric} />
    </ProfileFormLayout>
  );
}

/** The publisher profile form: the API's fields and an optional new logo. */
const publisherSchema = publisherProfile.extend({ logo: optionalLogoFile });
const publisherResolver = zodResolver(publisherSchema);

function PublisherProfileForm({ user, profile }: { user: CurrentUser; profile: PublisherInfo }) {
  const { t } = useTranslation('accounts');
  const lookups = useLookups();
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
    town: profile.town ?? '',
    gst_no: profile.gst_no ?? '',
    aadhar_no: profile.aadhar_no ?? '',
    postage_terms: profile.postage_terms,
    postage_amount: profile.postage_rate_minor == null ? '' : rupees(profile.postage_rate_minor),
    upi_vpa: profile.upi_vpa ?? '',
    upi_payee_name: profile.upi_payee_name ?? '',
    bank_account_name: profile.bank_account_name ?? '',
    bank_account_no: profile.bank_account_no ?? '',
    bank_ifsc: profile.bank_ifsc ?? '',
    payment_reminders: profile.payment_reminders ?? true,
  });
  const { control } = form;
  const terms = useWatch({ control, name: 'postage_terms' });
  const stateId = selectValue(useWatch({ control, name: 'state' }));
  const { stateOptions, cityOptions } = useStateCityOptions(stateId, selectValue(form.getValues('city')), profile);

  return (
    <ProfileFormLayout
      control={control}
      onSubmit={onSubmit}
      saving={saving}
      logoUrl={profile.logoUrl ?? user.logoUrl}
      name={profile.publisher_name}
    >
      <ReadOnly label={t('fields.publisherNo')} value={profile.publisher_no ?? user.publisher_no ?? ''} />
      <ReadOnly label={t('fields.email')} value={profile.email ?? user.email} />
      <FormText control={control} name="publisher_name" label={t('fields.publisherName')} required />
      <FormSelect
        control={control}
        name="publisher_type"
        label={t('fields.publisherType')}
        required
        options={PUBLISHER_TYPES.map((type) => ({ value: type, label: lookupText(lookups, 'publisherTypes', type) }))}
      />
      <FormText control={control} name="address" label={t('fields.address')} required multiline minRows={2} />
      <FormText control={control} name="pincode" label={t('fields.pincode')} required transform={digits(6)} slotProps={numeric} />
      <FormSelect
        control={control}
        name="state"
        label={t('fields.state')}
        required
        options={stateOptions}
        onValueChange={() => form.setValue('city', '', { shouldValidate: form.formState.isSubmitted })}
      />
      <FormSearchSelect control={control} name="city" label={t('fields.city')} required disabled={!stateId} options={cityOptions} />
      <FormText control={control} name="town" label={t('fields.town')} helperText={t('register.townHint')} />
      <FormPhone control={control} name="landline_no" label={t('fields.landline')} required />
      <FormPhone control={control} name="mobile_no" label={t('fields.mobile')} required />
      <FormPhone control={control} name="whatsapp_no" label={t('fields.whatsapp')} required />
      <FormText control={control} name="gst_no" label={t('fields.gst')} />
      <FormText control={control} name="aadhar_no" label={t('fields.aadhar')} transform={digits(12)} slotProps={numeric} />
      {/* how libraries pay (decision 070): JSBN states the amount, the money goes straight to the publisher */}
      <Typography variant="h6" component="h2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        {t('payment.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
        {t('payment.hint')}
      </Typography>
      <FormSelect
        control={control}
        name="postage_terms"
        label={t('payment.postageTerms')}
        required
        options={POSTAGE_TERMS.map((value) => ({ value, label: t(`payment.terms.${value}`) }))}
      />
      {terms === 'per_parcel' || terms === 'per_copy' ? (
        <FormText
          control={control}
          name="postage_amount"
          label={t(terms === 'per_parcel' ? 'payment.perParcel' : 'payment.perCopy')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      <FormText
        control={control}
        name="upi_vpa"
        label={t('payment.vpa')}
        helperText={t('payment.vpaHint', { example: 'jainprakashan@okaxis' })}
        slotProps={{ htmlInput: { autoCapitalize: 'none', autoComplete: 'off', spellCheck: false } }}
      />
      <FormText control={control} name="upi_payee_name" label={t('payment.payee')} />
      <FormText control={control} name="bank_account_name" label={t('payment.accountName')} />
      <FormText control={control} name="bank_account_no" label={t('payment.accountNo')} transform={digits(18)} slotProps={numeric} />
      <FormText control={control} name="bank_ifsc" label={t('payment.ifsc')} transform={(value) => value.toUpperCase().slice(0, 11)} />
      <Controller
        control={control}
        name="payment_reminders"
        render={({ field }) => (
          <FormControlLabel
            sx={{ gridColumn: '1 / -1', minHeight: 44 }}
            control={<Checkbox checked={field.value !== false} onChange={(event) => field.onChange(event.target.checked)} />}
            label={t('payment.reminders')}
          />
        )}
      />
    </ProfileFormLayout>
  );
}

/**
 * Whether the profile's mobile number is confirmed by a WhatsApp code, where WhatsApp is configured
 * (decision 081): confirmed, or not yet with a link to the step that confirms it. Nothing elsewhere.
 */
function MobileConfirmation({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('accounts');
  const mobile = user.mobile;
  if (!mobile?.canConfirm || !mobile.number) return null;
  if (mobile.confirmedAt)
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="profile-mobile-confirmed">
        {t('mobile.profileConfirmed', { number: shownMobile(mobile.number) })}
      </Alert>
    );
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, alignItems: 'center' }}
      data-testid="profile-mobile-unconfirmed"
      action={
        <Button component={RouterLink} to={paths.confirmMobile} color="inherit" sx={{ minHeight: 44 }}>
          {t('mobile.confirmNow')}
        </Button>
      }
    >
      {t('mobile.profileUnconfirmed', { number: shownMobile(mobile.number) })}
    </Alert>
  );
}

/** /edit-profile — the own library or publisher profile (docs/api.md). */
export function EditProfilePage() {
  const { t } = useTranslation('accounts');
  const { user } = useSession();
  const isPublisher = user?.modelType === 'PUBLISHER';
  const publisher = useOwnPublisher(isPublisher ? user?.publisherId : undefined);
  const library = useOwnLibrary(!isPublisher ? user?.libraryId : undefined);
  if (!user) return null;
  return (
    <Box>
      <PageHeader title={t('profile.title')} subtitle={isPublisher ? t('profile.publisherSubtitle') : t('profile.librarySubtitle')} />
      <MobileConfirmation user={user} />
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
      {!isPublisher && user.libraryId ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 2 }}>
          <PublicHoldingsSettingsForm libraryId={user.libraryId} />
        </Paper>
      ) : null}
    </Box>
  );
}
