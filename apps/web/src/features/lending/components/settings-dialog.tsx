import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Box, Checkbox, Dialog, DialogContent, DialogTitle, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { lendingEndpoints } from '@jsbn/shared/core';
import type { LendingSettings } from '@jsbn/shared';
import { ApiError, call, toastSuccess } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { dialogFormSx, useFullScreenDialog } from '../../../components/responsive-dialog';
import { TAP_PX } from '../../../lib/theme';
import { FormDialogActions } from '../../../components/form-dialog-actions';

/** The period offered when a library that had none sets one, days. */
const DEFAULT_DAYS = 30;

/**
 * 'Lending settings' (decision 076): the library's loan period in days, or no due date for any
 * loan, and whether a sadhu's or sadhvi's loan has no due date (a vihar). Saved with
 * PUT /api/library/lending/settings; the server's message for a refused period is shown under
 * its field. `settings` is what the library has now (the dialog opens only once it is read).
 */
export function LendingSettingsDialog({ settings, open, onClose }: { settings: LendingSettings; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('lending');
  const fullScreen = useFullScreenDialog();
  const [days, setDays] = useState(String(settings.loan_period_days ?? DEFAULT_DAYS));
  const [none, setNone] = useState(settings.loan_period_days === null);
  const [sadhuNoDue, setSadhuNoDue] = useState(settings.sadhu_no_due);
  const save = useApiMutation(
    (body: { loan_period_days: number | null; sadhu_no_due: boolean }) => call(lendingEndpoints.saveSettings, { body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        onClose();
      },
    },
    [queryKeys.lending.settings],
  );
  const errors =
    save.error instanceof ApiError ? Object.fromEntries(save.error.details.map((detail) => [detail.field, detail.message])) : {};
  const otherError = save.error && Object.keys(errors).length === 0 ? save.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // an empty period is sent as 0, so the server refuses it naming the field (a blank would read as none)
    save.mutate({ loan_period_days: none ? null : Number(days) || 0, sadhu_no_due: sadhuNoDue });
  };
  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby="lending-settings-title"
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogTitle id="lending-settings-title">{t('settings.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              name="loan_period_days"
              type="number"
              label={t('settings.days')}
              value={none ? '' : days}
              disabled={none}
              onChange={(event) => {
                setDays(event.target.value);
                // the server's message goes as soon as the period is typed again
                save.reset();
              }}
              error={Boolean(errors.loan_period_days)}
              helperText={errors.loan_period_days ?? t('settings.daysHelp')}
              slotProps={{ htmlInput: { min: 1, max: 365, inputMode: 'numeric' } }}
              fullWidth
            />
            <FormControlLabel
              control={<Checkbox name="no_due" checked={none} onChange={(event) => setNone(event.target.checked)} />}
              label={t('settings.none')}
              sx={{ minHeight: TAP_PX }}
            />
            <FormControlLabel
              control={<Checkbox name="sadhu_no_due" checked={sadhuNoDue} onChange={(event) => setSadhuNoDue(event.target.checked)} />}
              label={t('settings.sadhu')}
              sx={{ minHeight: TAP_PX }}
            />
            <Typography variant="body2" color={errors.sadhu_no_due ? 'error' : 'text.secondary'}>
              {errors.sadhu_no_due ?? t('settings.sadhuHelp')}
            </Typography>
            {otherError ? (
              <Typography color="error" role="alert">
                {otherError}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <FormDialogActions cancel={t('settings.cancel')} submit={t('settings.save')} pending={save.isPending} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
