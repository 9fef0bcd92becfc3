import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../api/session';
import { paths } from '../../../lib/paths';
import { operatorLoginPath } from '../nav';

/**
 * Only for a signed-in operator (decision 041): a visitor goes to /operator/login and comes back
 * here after it; a publisher or a library goes home (the server refuses them anyway, 403).
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  const location = useLocation();
  if (!isLoggedIn || !user) return <Navigate to={operatorLoginPath(`${location.pathname}${location.search}`)} replace />;
  if (user.modelType !== 'OPERATOR') return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
