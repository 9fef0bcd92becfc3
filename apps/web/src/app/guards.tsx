import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { ModelType } from '@jsbn/shared';
import { useSession } from '../api/session';
import { paths } from './paths';

/** Only for a logged-in user of `role` (any role when omitted); visitors go to /login. */
export function RequireRole({ role, children }: { role?: ModelType; children: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  if (!isLoggedIn || !user) return <Navigate to={paths.login} replace />;
  if (role && user.modelType !== role) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

/** Only for visitors: a logged-in user opening /login or a register page goes to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
