/**
 * Names the entry script (`main.tsx`) shares with the app, in a module of their own: the entry
 * script imports them without the modules that use them (the i18n set-up, the app's paths) and
 * stays small, as it imports `api/session-keys.ts`.
 */

/** Where the chosen language is stored in the browser's localStorage. */
export const LANGUAGE_STORAGE_KEY = 'jsbn.language';

/** The query of the publisher's books page that puts a book in the cart on arrival ('Order This Book'). */
export const ORDER_BOOK_QUERY = 'book';
