/** The whole-page messages of the routes: the service being unavailable, and an unknown path. */
import { useTranslation } from 'react-i18next';
import { MSG } from '@jsbn/shared/core';
import { MessagePage } from '../../../components/page';
import { useMessages } from '../../../i18n';

/** /404 — the destination of a 503 reply (packages/shared/src/messages.ts). */
export function ServiceUnavailablePage() {
  const { t } = useTranslation();
  const message = useMessages();
  return <MessagePage title={message(MSG.serviceUnavailable)} text={t('pages.serviceUnavailable')} />;
}

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('pages.notFoundTitle')} text={t('pages.notFoundText')} />;
}
