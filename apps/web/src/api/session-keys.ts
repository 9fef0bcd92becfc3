/** Where the session lives in localStorage (spec accounts §4); apart so the page's first script can read it without the framework. */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'userData';
