/**
 * What the registration and profile forms of libraries and publishers share (docs/api.md): the two-column grid, the logo on top, the submit row, the register and save calls,
 * and the state → city options.
 */
import { useTranslation } from 'react-i18next';
import { useEffect, useState, type FormEventHandler, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Checkbox, FormControlLabel, Link, Paper, Stack, Typography } from '@mui/material';
import { FILE_RULES, cityText, lookupText } from '@jsbn/shared/core';
import type { CurrentUser, ModelType } from '@jsbn/shared';
import { refreshCurrentUser, toFormData, toastSuccess } from '../../../api/client';
import { FileField } from '../../../components/file-field';
import { applyServerErrors, digitsOnly, scrollToFirstError } from '../../../components/forms';
import { PageHeader } from '../../../components/page';
import { currentLanguage, i18n, useLookups } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useCities, useRegisterAccount, useStates, useUpdateProfile } from '../api/accounts-api';
import { LogoPicker } from './logo-picker';
import { registrationFields } from './registration';
import { queryKeys } from '../../../api/query-keys';

/** One column on phones, two from md. */
export const accountGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
/** A transform keeping at most `max` digits. */
export const digits = (max?: number) => (value: string) => digitsOnly(value, max);
/** slotProps of a field typed on the numeric keypad. */
export const numeric = { htmlInput: { inputMode: 'numeric' as const } };

/** The values of a form with a `logo` file field (what the inputs hold, the schema's input). */
type WithLogo = FieldValues & { logo?: File | null };
/** What a registration or profile form's schema gives on submit: the fields, the logo among them. */
type LogoOutput = Record<string, unknown> & { logo?: File | null };

/** The `logo` field of a form, rendered by `render`. */
function LogoController<T extends WithLogo, TOutput>({
  control,
  render,
}: {
  control: Control<T, unknown, TOutput>;
  render: (props: { value: File | null; onChange: (file: File | null) => void; onBlur: () => void; error?: string }) => ReactElement;
}) {
  return (
    <Controller
      control={control}
      name={'logo' as Path<T>}
      render={({ field, fieldState }) =>
        render({ value: field.value, onChange: field.onChange, onBlur: field.onBlur, error: fieldState.error?.message })
      }
    />
  );
}

/**
 * State and city options (city by the chosen state), named in the interface language: cities as the
 * API names them in it, in its alphabetical order (`Intl.Collator`), each also found by its English
 * name (`match`); `saved` is offered while the lists load (MUI warns about a value missing from the options).
 */
export function useStateCityOptions(
  stateId: string,
  cityId?: string,
  saved?: {
    state_id: number | null;
    state_name: string;
    city_id: number | null;
    city_name: string;
    city_names?: Record<'en' | 'gu' | 'hi', string> | null;
  },
) {
  const states = useStates();
  const lookups = useLookups();
  const lng = currentLanguage(useTranslation().i18n);
  const cities = useCities(stateId || undefined, lng);
  const collator = new Intl.Collator(lng);
  const cityOptions = (cities.data ?? [])
    .map((city) => ({ value: String(city.id), label: city.city_name, match: city.city_name_en }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const stateOptions = (states.data ?? []).map((state) => ({
    value: String(state.id),
    label: lookupText(lookups, 'states', state.state_name),
  }));
  if (saved) {
    if (cityId && !cities.data && String(saved.city_id) === cityId)
      cityOptions.push({ value: cityId, label: cityText(saved, lng), match: saved.city_name });
    if (stateId && !states.data && String(saved.state_id) === stateId)
      stateOptions.push({ value: stateId, label: lookupText(lookups, 'states', saved.state_name) });
  }
  return { stateOptions, cityOptions };
}

/** A registration form's phone fields: the mobile number and the WhatsApp number. */
type WithPhones = FieldValues & { mobile_no?: string; whatsapp_no?: string };

/**
 * 'WhatsApp on this number too' (decision 072), under the mobile number of a registration form:
 * ticked, the WhatsApp field is hidden and holds the mobile number as it is typed, so the form
 * sends the same number twice. Its words do not repeat the phone fields' labels (a field is found
 * by its label).
 * @returns whether it is ticked (the page leaves the WhatsApp field out then) and the checkbox
 */
export function useSameWhatsapp<T extends WithPhones, TOutput>(form: UseFormReturn<T, unknown, TOutput>) {
  const { t } = useTranslation('accounts');
  const [same, setSame] = useState(false);
  const mobile = useWatch({ control: form.control, name: 'mobile_no' as Path<T> }) as string | undefined;
  const { setValue, clearErrors } = form;
  useEffect(() => {
    if (!same) return;
    setValue('whatsapp_no' as Path<T>, (mobile ?? '') as PathValue<T, Path<T>>);
    clearErrors('whatsapp_no' as Path<T>);
  }, [same, mobile, setValue, clearErrors]);
  const checkbox = (
    <FormControlLabel
      sx={{ alignSelf: 'center' }}
      control={<Checkbox checked={same} onChange={(event) => setSame(event.target.checked)} />}
      label={t('register.whatsappSame')}
    />
  );
  return { same, checkbox };
}

/**
 * Registration: POST the form (less the files and confirmPassword) with its logo, then the code
 * step for its e-mail. `form` holds `TInput` (the schema's input) and submits `TOutput` (its output).
 */
export function useRegistration<TInput extends WithLogo, TOutput extends LogoOutput & { email: string }>(
  modelType: ModelType,
  form: UseFormReturn<TInput, unknown, TOutput>,
) {
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const mutation = useRegisterAccount(
    modelType,
    ({ values }: { values: TOutput; email: string }) => toFormData(registrationFields(values), { logo: values.logo }),
    {
      onSuccess: (reply, { email }) => {
        toastSuccess(reply.message, i18n.t('accounts:register.registered'));
        setOtpEmail(email);
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
  );
  const submit = form.handleSubmit((values) => mutation.mutate({ values, email: values.email }), scrollToFirstError);
  // react-hook-form's handler settles on its own (errors go to the form state)
  const onSubmit: FormEventHandler<HTMLFormElement> = (event) => void submit(event);
  return { otpEmail, back: () => setOtpEmail(null), onSubmit, pending: mutation.isPending };
}

/** A registration page: header, the required logo, the fields, Submit and the link to Login. */
export function RegistrationLayout<T extends WithLogo, TOutput>({
  title,
  subtitle,
  control,
  onSubmit,
  pending,
  children,
}: {
  title: string;
  subtitle: string;
  control: Control<T, unknown, TOutput>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <form noValidate onSubmit={onSubmit}>
          <Stack spacing={3}>
            <LogoController
              control={control}
              render={(logo) => <FileField label={t('fields.logo')} rule={FILE_RULES.logo} {...logo} required />}
            />
            <Box sx={accountGrid}>{children}</Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button type="submit" variant="contained" size="large" disabled={pending}>
                {t('register.submit')}
              </Button>
              <Typography variant="body2">
                {t('register.already')}{' '}
                <Link component={RouterLink} to={paths.login}>
                  {t('register.login')}
                </Link>
              </Typography>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}

/**
 * A profile form: PATCH the fields and the optional new logo; after a save the current user (app
 * bar logo and name) and the profile are read again. `resolver` takes the form's values
 * (`TInput`, the schema's input) and gives the schema's output (`TOutput`), which is sent.
 */
export function useProfileForm<TInput extends WithLogo, TOutput extends LogoOutput>(
  user: CurrentUser,
  resolver: Resolver<TInput, unknown, TOutput>,
  defaultValues: DefaultValues<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, mode: 'onTouched', defaultValues });
  const queryClient = useQueryClient();
  // operators have no profile form (their profile menu has no Edit Profile, decision 041)
  const save = useUpdateProfile(
    user.modelType === 'PUBLISHER' ? 'PUBLISHER' : 'LIBRARY',
    ({ fields, logo }: { fields: Record<string, unknown>; logo: File | null | undefined }) => toFormData(fields, { logo }),
    {
      onSuccess: async (reply) => {
        toastSuccess(reply.message, i18n.t('accounts:profile.updated'));
        await refreshCurrentUser();
        await queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
        await queryClient.invalidateQueries({ queryKey: queryKeys.publishers.all });
        await queryClient.invalidateQueries({ queryKey: queryKeys.libraries.all });
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
  );
  const submit = form.handleSubmit((values) => {
    const { logo, ...fields } = values;
    save.mutate({ fields, logo });
  }, scrollToFirstError);
  const onSubmit: FormEventHandler<HTMLFormElement> = (event) => void submit(event);
  return { form, onSubmit, saving: save.isPending };
}

/** The profile form's frame: the current logo with its optional replacement, the fields, Save changes. */
export function ProfileFormLayout<T extends WithLogo, TOutput>({
  control,
  onSubmit,
  saving,
  logoUrl,
  name,
  children,
}: {
  control: Control<T, unknown, TOutput>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  logoUrl: string | null | undefined;
  name: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        <LogoController control={control} render={(logo) => <LogoPicker currentUrl={logoUrl} name={name} {...logo} />} />
        <Box sx={accountGrid}>{children}</Box>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={saving}>
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
