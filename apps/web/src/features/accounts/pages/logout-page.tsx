import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '@jsbn/shared/core';
import { call } from '../../../api/client';
import { clearSession } from '../../../api/session';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../lib/paths';

/**
 * /logout — a confirmation dialog; Yes ends the session on the server (`POST /api/user/logout`:
 * every token of the account stops working and the cookie is cleared, decision 063), clears it
 * here — also when the server cannot be reached — and goes home.
 */
export function LogoutPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      title={t('logout.title')}
      message={t('logout.confirm')}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void call(accountEndpoints.logout)
          .catch(() => undefined)
          .then(() => {
            clearSession();
            queryClient.clear();
            void navigate(paths.home, { replace: true });
          });
      }}
      onClose={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate(paths.home);
      }}
    />
  );
}
