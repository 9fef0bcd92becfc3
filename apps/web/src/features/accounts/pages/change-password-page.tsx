import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box, Button, Paper, Stack } from '@mui/material';
import { MSG } from '@jsbn/shared/core';
import { changePasswordBody } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { setToken } from '../../../api/session';
import { FormText } from '../../../components/form-fields';
import { applyServerErrors, withChecks } from '../../../components/forms';
import { PageHeader } from '../../../components/page';
import { useChangePassword } from '../api/accounts-api';

/** The form: the API's fields and the confirmation, which `withChecks` compares. */
const schema = changePasswordBody.extend({ confirmPassword: z.string() });
type ChangePasswordForm = z.input<typeof schema>;
const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

const resolver = withChecks(zodResolver(schema), (values) =>
  !values.confirmPassword || values.confirmPassword !== values.newPassword ? { confirmPassword: MSG.passwordsMatch } : {},
);

/** /change-password — docs/api.md "Change password". */
export function ChangePasswordPage() {
  const { t } = useTranslation('accounts');
  const form = useForm<ChangePasswordForm, unknown, z.output<typeof schema>>({ resolver, mode: 'onTouched', defaultValues: EMPTY });
  const mutation = useChangePassword({
    onSuccess: (reply) => {
      // The server revoked every older token; keep this session on the fresh one.
      const fresh = reply.data?.accessToken?.access_token;
      if (fresh) setToken(fresh);
      toastSuccess(reply.data?.message || reply.message, MSG.passwordChanged);
      form.reset(EMPTY);
    },
    // a wrong old password or a too common new one shows at its field
    onError: (error) => applyServerErrors(error, form.setError),
  });

  return (
    <Box>
      <PageHeader title={t('password.changeTitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 520 }}>
        <form
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit((values) => mutation.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword }))(event)
          }
        >
          <Stack spacing={2}>
            <FormText
              control={form.control}
              name="oldPassword"
              label={t('fields.oldPassword')}
              type="password"
              autoComplete="current-password"
              required
            />
            <FormText
              control={form.control}
              name="newPassword"
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              helperText={t('password.rules')}
            />
            <FormText
              control={form.control}
              name="confirmPassword"
              label={t('fields.confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              required
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
                {t('password.change')}
              </Button>
            </Box>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
