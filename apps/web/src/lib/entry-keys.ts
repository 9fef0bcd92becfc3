/**
 * Names the entry script (`main.tsx`) shares with the app, kept apart so it can import them
 * without the modules that use them (the i18n set-up, the app's paths) and stay small, as it
 * imports `api/session-keys.ts`.
 */

/** Where the chosen language is kept in the browser's localStorage. */
export const LANGUAGE_STORAGE_KEY = 'jsbn.language';

/** The query of the publisher's books page that puts a book in the cart on arrival ('Order This Book'). */
export const ORDER_BOOK_QUERY = 'book';
