import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Stack } from '@mui/material';
import { lendingEndpoints } from '@jsbn/shared/core';
import type { LendingSettings } from '@jsbn/shared';
import { call, toastSuccess } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import { queryKeys } from '../../../api/query-keys';
import { FormDialog } from '../../../components/form-dialog';
import { FormCheckbox, FormText } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/forms';

/** The period offered when a library that had none sets one, days. */
const DEFAULT_DAYS = 30;

/** What the settings form holds: the period as typed ('' while there is none), none, and a sadhu's vihar. */
interface SettingsValues {
  loan_period_days: string;
  no_due: boolean;
  sadhu_no_due: boolean;
}

/**
 * 'Lending settings' (decision 076): the library's loan period in days, or no due date for any
 * loan, and whether a sadhu's or sadhvi's loan has no due date (a vihar). Saved with
 * PUT /api/library/lending/settings; the server's message for a refused field is shown under
 * it. `settings` is what the library has now (the dialog opens only once it is read).
 */
export function LendingSettingsDialog({ settings, open, onClose }: { settings: LendingSettings; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('lending');
  const none = settings.loan_period_days === null;
  const form = useForm<SettingsValues>({
    defaultValues: { loan_period_days: none ? '' : String(settings.loan_period_days), no_due: none, sadhu_no_due: settings.sadhu_no_due },
  });
  /** The period typed before 'no due date' emptied the field, given back when it is unticked. */
  const typed = useRef(String(settings.loan_period_days ?? DEFAULT_DAYS));
  const save = useApiMutation(
    (body: { loan_period_days: number | null; sadhu_no_due: boolean }) => call(lendingEndpoints.saveSettings, { body }),
    {
      silent: true,
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        onClose();
      },
      onError: (error) => applyServerErrors(error, form.setError),
    },
    [queryKeys.lending.settings],
  );
  const noDue = form.watch('no_due');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="lending-settings-title"
      title={t('settings.title')}
      // an empty period is sent as 0, so the server refuses it naming the field (a blank would read as none)
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ loan_period_days: values.no_due ? null : Number(values.loan_period_days) || 0, sadhu_no_due: values.sadhu_no_due }),
      )}
      pending={save.isPending}
      error={save.error}
      cancel={t('settings.cancel')}
      submit={t('settings.save')}
      maxWidth="xs"
      phoneFullScreen
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <FormText
          control={form.control}
          name="loan_period_days"
          type="number"
          label={t('settings.days')}
          disabled={noDue}
          helperText={t('settings.daysHelp')}
          slotProps={{ htmlInput: { min: 1, max: 365, inputMode: 'numeric' } }}
          fullWidth
        />
        <FormCheckbox
          control={form.control}
          name="no_due"
          label={t('settings.none')}
          onValueChange={(checked) => {
            if (checked) typed.current = form.getValues('loan_period_days');
            form.setValue('loan_period_days', checked ? '' : typed.current);
          }}
        />
        <FormCheckbox control={form.control} name="sadhu_no_due" label={t('settings.sadhu')} helperText={t('settings.sadhuHelp')} />
      </Stack>
    </FormDialog>
  );
}
