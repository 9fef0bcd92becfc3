import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, FormControlLabel, Link, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { holdingEndpoints } from '@jsbn/shared/core';
import type { PublicHoldingsSettings } from '@jsbn/shared';
import { ApiError, call, toastSuccess } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import { libraryHoldingsPath } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';
import { useCities, useStates } from '../api/accounts-api';
import { currentLanguage } from '../../../i18n';

const SETTINGS_KEY = ['holdings', 'settings'] as const;

/** The server's message for each field of a refused form, by field name. */
const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])) : {};

/** The form as typed. */
interface Fields {
  holdings_public: boolean;
  opening_hours: string;
  pincode: string;
  state_id: string;
  city_id: string;
}

/** The settings' form once they are read. */
function SettingsForm({ initial, libraryId }: { initial: Fields; libraryId: number }) {
  const { t, i18n } = useTranslation('shelves');
  const [fields, setFields] = useState(initial);
  const states = useStates();
  const cities = useCities(fields.state_id || undefined, currentLanguage(i18n));
  const save = useApiMutation(
    (body: PublicHoldingsSettings) => call(holdingEndpoints.saveSettings, { body }),
    { onSuccess: (reply) => toastSuccess(reply.message) },
    [SETTINGS_KEY],
  );
  const errors = fieldErrors(save.error);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value, ...(name === 'state_id' ? { city_id: '' } : {}) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      holdings_public: fields.holdings_public,
      opening_hours: fields.opening_hours,
      pincode: fields.pincode,
      state_id: fields.state_id ? Number(fields.state_id) : null,
      city_id: fields.city_id ? Number(fields.city_id) : null,
    });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="public-holdings">
      <FormControlLabel
        control={
          <Switch
            checked={fields.holdings_public}
            onChange={(event) => setFields((current) => ({ ...current, holdings_public: event.target.checked }))}
            slotProps={{ input: { 'aria-describedby': 'public-holdings-help' } }}
          />
        }
        label={t('public.show')}
        sx={{ minHeight: TAP_PX }}
      />
      <Typography id="public-holdings-help" color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t('public.help')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('public.hours')}
          helperText={errors.opening_hours ?? t('public.hoursHelp')}
          error={Boolean(errors.opening_hours)}
          value={fields.opening_hours}
          onChange={set('opening_hours')}
          multiline
          minRows={2}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('public.state')}
            value={fields.state_id}
            onChange={set('state_id')}
            sx={{ flex: 1 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">—</MenuItem>
            {(states.data ?? []).map((state) => (
              <MenuItem key={state.state_id} value={String(state.state_id)}>
                {state.state_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('public.city')}
            value={fields.city_id}
            onChange={set('city_id')}
            error={Boolean(errors.city_id)}
            helperText={errors.city_id}
            disabled={!fields.state_id}
            sx={{ flex: 1 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">—</MenuItem>
            {(cities.data ?? []).map((city) => (
              <MenuItem key={city.city_id} value={String(city.city_id)}>
                {city.city_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('public.pincode')}
            value={fields.pincode}
            onChange={set('pincode')}
            error={Boolean(errors.pincode)}
            helperText={errors.pincode}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: TAP_PX }}>
            {t('public.save')}
          </Button>
          {initial.holdings_public ? (
            <Link component={RouterLink} to={libraryHoldingsPath(libraryId)} sx={TAP_LINK}>
              {t('public.ownPage')}
            </Link>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * 'Show our holdings to readers' (decision 077), on the library's profile: off by default; when
 * on, a book's page shows 'Read it at' the library for the books on its shelves, and the library
 * has a page of its books. With it, the opening hours and the place readers read.
 */
export function PublicHoldingsSettingsForm({ libraryId }: { libraryId: number }) {
  const { t } = useTranslation('shelves');
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async ({ signal, client }) => (await call(holdingEndpoints.settings, { signal, client })).data,
  });
  return (
    <Box component="section" aria-labelledby="public-holdings-title" sx={{ mt: 4 }}>
      <Typography id="public-holdings-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('public.title')}
      </Typography>
      {settings.data ? (
        <SettingsForm
          key={settings.dataUpdatedAt}
          libraryId={libraryId}
          initial={{
            holdings_public: settings.data.holdings_public,
            opening_hours: settings.data.opening_hours ?? '',
            pincode: settings.data.pincode ?? '',
            state_id: settings.data.state_id ? String(settings.data.state_id) : '',
            city_id: settings.data.city_id ? String(settings.data.city_id) : '',
          }}
        />
      ) : null}
    </Box>
  );
}
