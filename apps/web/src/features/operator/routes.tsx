import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LoadingState } from '../../components/page';
import { lazyNamed } from '../../components/lazy';
import { RouteError } from '../../components/route-error';
import { operatorPaths } from './nav';
import { OperatorLayout } from './shell/operator-layout';
import { RequireOperator } from './shell/require-operator';

const OperatorLoginPage = lazyNamed(() => import('./login/operator-login-page'), 'OperatorLoginPage');
const OperatorDashboardPage = lazyNamed(() => import('./dashboard/operator-dashboard-page'), 'OperatorDashboardPage');
const OperatorPageNotFound = lazyNamed(() => import('./shell/page-not-found'), 'OperatorPageNotFound');
const OperatorPublishersPage = lazyNamed(() => import('./moderation/pages/operator-publishers-page'), 'OperatorPublishersPage');
const OperatorClaimsPage = lazyNamed(() => import('./moderation/pages/operator-claims-page'), 'OperatorClaimsPage');
const queues = () => import('./queues');
const DuplicatesPage = lazyNamed(queues, 'DuplicatesPage');
const ReportsPage = lazyNamed(queues, 'ReportsPage');
const MessagesPage = lazyNamed(queues, 'MessagesPage');
const OperatorHistoryPage = lazyNamed(() => import('./history/history-page'), 'OperatorHistoryPage');

/**
 * The back office's routes (decision 041), outside the public site's layout: /operator/login on
 * its own, every other page inside the operators' shell and guard. A page of the back office is
 * one line of `pages` (and its entry in nav.ts); any other path under /operator is 'Page not found'.
 */
const pages: RouteObject[] = [
  { index: true, element: <OperatorDashboardPage /> },
  { path: 'publishers', element: <OperatorPublishersPage /> },
  { path: 'claims', element: <OperatorClaimsPage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'duplicates', element: <DuplicatesPage /> },
  { path: 'messages', element: <MessagesPage /> },
  { path: 'history', element: <OperatorHistoryPage /> },
];

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
    children: [...pages, { path: '*', element: <OperatorPageNotFound /> }],
  },
];
