import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LoadingState } from '../../components/page';
import { lazyNamed } from '../../components/lazy';
import { RouteError } from '../../app/route-error';
import { operatorPaths } from './nav';
import { OperatorLayout } from './shell/operator-layout';
import { RequireOperator } from './shell/require-operator';

const OperatorLoginPage = lazyNamed(() => import('./login/operator-login-page'), 'OperatorLoginPage');
const OperatorDashboardPage = lazyNamed(() => import('./dashboard/operator-dashboard-page'), 'OperatorDashboardPage');
const OperatorPageToCome = lazyNamed(() => import('./shell/page-to-come'), 'OperatorPageToCome');

/**
 * The back office's routes (decision 041), outside the public site's layout: /operator/login on
 * its own, every other page inside the operators' shell and guard. A page of the back office is
 * one line of `pages` (and its entry in nav.ts); until then its path shows 'This page is coming'.
 */
const pages: RouteObject[] = [
  { index: true, element: <OperatorDashboardPage /> },
  // other helpers: { path: 'publishers', element: <PublishersPage /> }, …
];

/** The paths of nav.ts that have no page yet. */
const pagesToCome = Object.values(operatorPaths)
  .filter((path) => path !== operatorPaths.dashboard && path !== operatorPaths.login)
  .map((path) => path.slice(`${operatorPaths.dashboard}/`.length))
  .filter((path) => !pages.some((page) => page.path === path));

/** The door's own frame: its page loads lazily, also when reached by a link inside the app. */
function OperatorDoor() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  );
}

export const operatorRoutes: RouteObject[] = [
  { element: <OperatorDoor />, errorElement: <RouteError />, children: [{ path: operatorPaths.login, element: <OperatorLoginPage /> }] },
  {
    path: operatorPaths.dashboard,
    element: (
      <RequireOperator>
        <OperatorLayout />
      </RequireOperator>
    ),
    errorElement: <RouteError />,
    children: [...pages, ...pagesToCome.map((path) => ({ path, element: <OperatorPageToCome /> })), { path: '*', element: <OperatorPageToCome /> }],
  },
];
