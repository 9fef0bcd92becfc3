/**
 * The operators' pages (decision 041): their paths, fixed for every helper, and the entries of
 * the back office's navigation. A page joins the navigation by its entry here and its route in
 * `routes.tsx` (one line each); the texts of its entry are `nav.<key>` of the `operator`
 * namespace.
 */

/** Every path of the back office. */
export const operatorPaths = {
  dashboard: '/operator',
  login: '/operator/login',
  publishers: '/operator/publishers',
  claims: '/operator/claims',
  reports: '/operator/reports',
  duplicates: '/operator/duplicates',
  messages: '/operator/messages',
  history: '/operator/history',
} as const;

/** An entry of the back office's navigation: its text is `t('operator:nav.<key>')`. */
export interface OperatorNavEntry {
  key: 'dashboard' | 'publishers' | 'claims' | 'reports' | 'duplicates' | 'messages' | 'history';
  to: string;
}

/** The navigation, in its order on screen. */
export const OPERATOR_NAV: OperatorNavEntry[] = [
  { key: 'dashboard', to: operatorPaths.dashboard },
  { key: 'publishers', to: operatorPaths.publishers },
  { key: 'claims', to: operatorPaths.claims },
  { key: 'reports', to: operatorPaths.reports },
  { key: 'duplicates', to: operatorPaths.duplicates },
  { key: 'messages', to: operatorPaths.messages },
  { key: 'history', to: operatorPaths.history },
];

/** The query of /operator/login naming the back-office page to return to after signing in. */
export const OPERATOR_NEXT = 'next';

/** /operator/login, returning to `next` (a back-office path) after signing in. */
export function operatorLoginPath(next?: string): string {
  return next && next !== operatorPaths.dashboard
    ? `${operatorPaths.login}?${OPERATOR_NEXT}=${encodeURIComponent(next)}`
    : operatorPaths.login;
}

/** Where a sign-in returns to: `next` when it is a back-office path, else the dashboard. */
export function operatorReturnPath(search: URLSearchParams): string {
  const next = search.get(OPERATOR_NEXT);
  return next &&
    (next === operatorPaths.dashboard || next.startsWith(`${operatorPaths.dashboard}/`)) &&
    !next.startsWith(operatorPaths.login)
    ? next
    : operatorPaths.dashboard;
}
