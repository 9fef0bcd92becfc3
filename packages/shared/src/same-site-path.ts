/**
 * Return addresses of this site (decision 066): the `next` of `/login?next=…` and of its form,
 * which the web app follows after a login and the server answers with `303 See Other`.
 */

/**
 * Whether `value` is a path of this site: it starts with one '/', and holds no '//' and no
 * backslash (browsers read `/\evil.example` and `//evil.example` as another site), nor any
 * control character.
 */
export function isSameSitePath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.includes('//') &&
    !value.includes('\\') &&
    // eslint-disable-next-line no-control-regex -- control characters are what is refused here
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/** `value` when it is a path of this site (`isSameSitePath`), else '/' (the home page). */
export const sameSitePath = (value: unknown): string => (isSameSitePath(value) ? value : '/');
