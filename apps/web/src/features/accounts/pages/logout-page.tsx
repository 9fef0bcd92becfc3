import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../../../api/session';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../lib/paths';

/** /logout — a confirmation dialog; Yes clears the session and goes home. */
export function LogoutPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      open
      title={t('logout.title')}
      message={t('logout.confirm')}
      onConfirm={() => {
        clearSession();
        queryClient.clear();
        void navigate(paths.home, { replace: true });
      }}
      onClose={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate(paths.home);
      }}
    />
  );
}
