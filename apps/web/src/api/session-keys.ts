/** Where the session lives in localStorage (docs/api.md); apart so the page's first script can read it without the framework. */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'userData';
/**
 * The cookie that carries the session's token to the server with every page request, so the
 * server can render a signed-in user's page (decision 047). Only the page routes read it; the API
 * takes the token from the `Authorization` header alone.
 */
export const SESSION_COOKIE = 'jsbn_session';
/** Where a library's cart is kept in localStorage, per account (`features/ordering/components/cart.tsx`). */
export const cartStorageKey = (userId: number | string | undefined) => `jsbn-cart-${userId ?? 'anon'}`;
