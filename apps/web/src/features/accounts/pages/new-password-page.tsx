import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { MSG } from '@jsbn/shared/core';
import { resetPasswordBody } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { FormText } from '../../../components/form-fields';
import { applyServerErrors, withChecks } from '../../../components/forms';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/accounts-api';

/** The form: the new password (the API's rules) and its confirmation, which `withChecks` compares. */
const schema = resetPasswordBody.pick({ password: true }).extend({ confirmPassword: z.string() });

const resolver = withChecks(zodResolver(schema), (values) =>
  !values.confirmPassword
    ? { confirmPassword: MSG.passwordsMatch }
    : values.confirmPassword !== values.password
      ? { confirmPassword: MSG.passwordsMatch }
      : {},
);

/** /new-password?token=… — the page of the e-mailed reset link (docs/api.md), and of an operator's first password (`&as=operator`). */
export function NewPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver,
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useResetPassword({
    onSuccess: (reply) => {
      toastSuccess(reply.data?.message || reply.message, t('password.reset'));
      // the link `npm run operator:add` prints (`as=operator`) leads on to the operators' door (decision 041)
      void navigate(params.get('as') === 'operator' ? '/operator/login' : paths.login, { replace: true });
    },
    // a too common password shows at its field
    onError: (error) => applyServerErrors(error, form.setError),
  });

  if (!token) return <Navigate to={paths.home} replace />;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700, textAlign: 'center' }}>
          {t('password.newTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
          {t('password.newIntro')}
        </Typography>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate({ password: values.password, token }))(event)}
        >
          <Stack spacing={2}>
            <FormText
              control={form.control}
              name="password"
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              required
            />
            <FormText
              control={form.control}
              name="confirmPassword"
              label={t('fields.confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              required
            />
            <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
              {t('password.savePassword')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
