/**
 * The signed links of a digest e-mail (decision 073): 'Add to cart', 'Not for us', the digest
 * as a page (WhatsApp's link) and unsubscribe. Each carries a JWS (HS256, jose) naming what it
 * does and for which library, book or digest, under a key of its own derived from JWT_SECRET
 * with HKDF-SHA256 (RFC 5869), so a digest link is never a sign-in token nor the reverse. The
 * links that touch a book or a digest expire after LINK_DAYS; the unsubscribe link never does
 * (an old e-mail must still stop the next one, RFC 8058).
 */
import { hkdfSync } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { AppContext } from '../../context.js';

/** What a digest link does. */
export type DigestLink =
  | { kind: 'cart'; libraryId: number; bookId: number; digestId: number }
  | { kind: 'notForUs'; libraryId: number; bookId: number; digestId: number }
  | { kind: 'view'; libraryId: number; digestId: number }
  | { kind: 'unsubscribe'; libraryId: number };

/** Days a book's or a digest's link works. */
export const LINK_DAYS = 90;
const AUDIENCE = 'jsbn-digest';
const KINDS = { cart: 'c', notForUs: 'n', view: 'v', unsubscribe: 'u' } as const;

const keys = new Map<string, Uint8Array>();
/** The links' HMAC key: HKDF-SHA256 of JWT_SECRET with the info 'jsbn digest links'. */
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'jsbn', 'jsbn digest links', 32));
    keys.set(secret, key);
  }
  return key;
}

/** The token of `link` (about 150 URL-safe characters). */
export async function signDigestLink(ctx: Pick<AppContext, 'secrets' | 'clock'>, link: DigestLink): Promise<string> {
  const claims: Record<string, number | string> = { k: KINDS[link.kind], l: link.libraryId };
  if ('bookId' in link) claims.b = link.bookId;
  if ('digestId' in link) claims.d = link.digestId;
  const now = Math.floor(ctx.clock().getTime() / 1000);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE).setIssuedAt(now);
  if (link.kind !== 'unsubscribe') jwt.setExpirationTime(now + LINK_DAYS * 24 * 60 * 60);
  return jwt.sign(keyOf(ctx.secrets.jwtSecret));
}

/** Why a link is refused: `expired` (a genuine link past LINK_DAYS) or `invalid` (anything else). */
export type LinkProblem = 'expired' | 'invalid';

const whole = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

/**
 * What the token does, when it is a genuine digest link of `kind` that has not expired.
 * @returns the link, or the problem
 */
export async function readDigestLink<K extends DigestLink['kind']>(
  ctx: Pick<AppContext, 'secrets' | 'clock'>,
  token: string,
  kind: K,
): Promise<Extract<DigestLink, { kind: K }> | LinkProblem> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx.secrets.jwtSecret), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.clock(),
    });
    const libraryId = whole(payload.l);
    if (payload.k !== KINDS[kind] || libraryId === null) return 'invalid';
    const link: Record<string, unknown> = { kind, libraryId };
    if (kind === 'cart' || kind === 'notForUs') link.bookId = whole(payload.b);
    if (kind !== 'unsubscribe') link.digestId = whole(payload.d);
    if (Object.values(link).includes(null)) return 'invalid';
    return link as Extract<DigestLink, { kind: K }>;
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}
