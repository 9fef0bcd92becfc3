/** Pages that belong to later issues: each says it is coming, none is broken. */
import { MSG } from '@jsbn/shared/core';
import { ComingSoon, MessagePage } from '../../../components/page';

export const GeneratedLettersPage = () => <ComingSoon title="Completed Orders" />;
export const EditBookPage = () => <ComingSoon title="Edit Book" />;

/** /404 — the destination of a 503 reply (spec §8). */
export const ServiceUnavailablePage = () => <MessagePage title={MSG.serviceUnavailable} text="The service is unavailable at the moment. Please try again later." />;

/** Any path the app does not know. */
export const NotFoundPage = () => <MessagePage title="Page not found" text="The page you are looking for does not exist." />;
