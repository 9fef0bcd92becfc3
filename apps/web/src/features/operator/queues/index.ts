/** The operators' queue pages (decision 044), for the router and the operator's navigation. */
export { DuplicatesPage } from './duplicates-page';
export { ReportsPage } from './reports-page';
export { MessagesPage } from './messages-page';
