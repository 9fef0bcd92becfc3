import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { ModelType } from '@jsbn/shared';
import { useSession } from '../api/session';
import { loginPath, paths, returnPathOf } from '../lib/paths';

/** Only for a logged-in user of `role` (any role when omitted); visitors go to /login on that role's tab, and come back here after it. */
export function RequireRole({ role, children }: { role?: ModelType; children: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  const location = useLocation();
  if (!isLoggedIn || !user) return <Navigate to={loginPath({ as: role, next: `${location.pathname}${location.search}` })} replace />;
  if (role && user.modelType !== role) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

/** Only for visitors: a logged-in user opening /login or a register page goes to the login's return page (`next`), else to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const [search] = useSearchParams();
  if (isLoggedIn) return <Navigate to={returnPathOf(search) ?? paths.home} replace />;
  return <>{children}</>;
}
