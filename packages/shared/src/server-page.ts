/**
 * What the web app's server render (`apps/web/src/entry-server.tsx` `renderPage`) gives the API
 * (`apps/api/src/modules/web/app-pages.ts`), declared once for both (decisions 011, 027, 031).
 */

/**
 * One query's data as the server made the page with it: `[queryKey, data]`; or, for a record
 * that is gone (a withdrawn book's 410, decision 043, which its page shows), `[queryKey, reply, 410]`
 * with the error reply's `{ message, data }` (the message in the page's language).
 */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown] | [queryKey: readonly unknown[], reply: GoneReply, status: 410];

/** The error reply a page's query got for a record that is gone (410): its message and facts. */
export interface GoneReply {
  message: string;
  data: Record<string, unknown> | undefined;
}

/** A page rendered on the server. */
export interface ServerPage {
  /** What goes inside `#root`. */
  html: string;
  /** Its CSS: Emotion's `<style data-emotion>` elements, in order, for `<head>`. */
  css: string;
  /** The data of every query the page read. */
  seeds: QuerySeed[];
  /**
   * False when a query failed: the page shows a loading or an error state and is not worth sending.
   * A query answered 410 (a withdrawn record) has not failed: its page shows the withdrawal.
   */
  complete: boolean;
  /** How many times the page was rendered: 1 when its queries were known beforehand (PAGE_QUERIES), else 2. */
  passes: 1 | 2;
  /** The lazily loaded pages it shows, by name (`app-modules.json` lists their chunks): fetched in the background by the browser (decision 031). */
  pages: string[];
}

/**
 * What a form posted without the app got back (decision 066): the server renders its page again
 * with it, and the page shows it as the app would have. Goes with the page's data
 * (`FORM_REPLY_KEY`), so the browser's app hydrates the same.
 */
export interface FormReply {
  /** The fields as they were posted (never a password), by name. */
  values: Record<string, string>;
  /** The reply's message in the page's language ('Invalid email or password'); '' when a field's message says it all. */
  message: string;
  /** The message of each field the API refused, by field name, in the page's language. */
  fields: Record<string, string>;
}

/** The query key under which a page rendered with a `FormReply` carries it. */
export const FORM_REPLY_KEY = ['form-reply'] as const;
