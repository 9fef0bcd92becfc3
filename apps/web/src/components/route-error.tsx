/**
 * 'Something went wrong!!!' (packages/shared/src/messages.ts, 'in one place'): the page React Router shows in
 * place of a page that fails unexpectedly — a render error, or a page's chunk that cannot be
 * loaded (`lazyNamed` throws the failed load). It is the `errorElement` of the routes
 * (`app/routes.tsx`): inside  the app bar and footer for a page's failure, alone when the layout
 * itself fails. Moving to another page clears it. React Router logs the error to the console.
 */
import { useTranslation } from 'react-i18next';
import { MSG } from '@jsbn/shared/core';
import { useMessages } from '../i18n';
import { MessagePage } from './page';

/** The whole-page message for an unexpected failure, with a way home (styled as the 404 page). */
export function RouteError() {
  const { t } = useTranslation();
  const message = useMessages();
  return <MessagePage title={message(MSG.somethingWrongPage)} text={t('pages.routeError')} />;
}
