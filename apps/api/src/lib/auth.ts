/**
 * Passwords (argon2id), access tokens (JWT HS256 with exp/iss/aud and a per-account token
 * version) and the actor of a request — decision 007.
 */
import { webcrypto } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { AccountRole } from '@jsbn/shared';
import type { AppContext } from '../context.js';
import { preparedOnce } from '../db/named.js';
import { accounts, libraries, publishers } from '../db/schema.js';
import { AppError } from './errors.js';

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import as a value). */
const ARGON2ID = 2 as Algorithm;
/** The argon2id parameters of every password hash (OWASP's m = 19 MiB, t = 2, p = 1). */
export const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ISSUER = 'jsbn-api';
const AUDIENCE = 'jsbn-web';
/** Access token lifetime. */
export const TOKEN_TTL = '7d';
/** An operator's session is shorter: a working day (decision 041). */
export const OPERATOR_TOKEN_TTL = '8h';

/**
 * Password hashes computed at once: one core fewer than the machine has (at least one), so a
 * burst of logins leaves a core to everything else — the QR page's reads keep their p99 (decision
 * 013) — and the logins beyond wait their turn in memory, not on the CPU.
 */
export const PASSWORD_WORK_AT_ONCE = Math.max(1, availableParallelism() - 1);
const passwordWork = pLimit(PASSWORD_WORK_AT_ONCE);

/** Hashes a password with argon2id (m = 19 MiB, t = 2, p = 1). */
export const hashPassword = (password: string) => passwordWork(() => hash(password, ARGON2));

/**
 * Hashes a password everyone may know — a test's account, the demo's (printed at every start) —
 * at argon2id's least cost (m = 8 KiB, t = 1): it is verified as any hash is, and the OWASP
 * cost would protect nothing. The factories' accounts use it; every other password is hashed
 * with `hashPassword`.
 */
export const hashKnownPassword = (password: string) => hash(password, { ...ARGON2, memoryCost: 8, timeCost: 1 });

/** A hash of a random password, verified against when an account does not exist (equal timing). */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and is false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    const stored = await dummyHash;
    await passwordWork(() => verify(stored, password));
    return false;
  }
  return passwordWork(() => verify(passwordHash, password));
}

/** The HS256 keys of the secrets in use, each imported once: jose imports a raw key at every call. */
const tokenKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

/** The HMAC SHA-256 key of `secret` (JWT_SECRET) for signing and verifying access tokens. */
function tokenKey(secret: string): Promise<webcrypto.CryptoKey> {
  let key = tokenKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    tokenKeys.set(secret, key);
  }
  return key;
}

/** Signs an access token for an account (`sub` = account id, `role`, `tv` = token version). */
export async function signAccessToken(secret: string, account: { id: number; role: AccountRole; token_version: number }) {
  return new SignJWT({ role: account.role, tv: account.token_version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(account.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(account.role === 'OPERATOR' ? OPERATOR_TOKEN_TTL : TOKEN_TTL)
    .sign(await tokenKey(secret));
}

/** The logged-in caller of a request, with the id of its publisher or library profile. */
export interface Actor {
  accountId: number;
  role: AccountRole;
  email: string;
  publisherId: number | null;
  libraryId: number | null;
}

/** The account of a token with its profile's id: every logged-in request reads it (a named statement, db/named.ts). */
const actorStatement = preparedOnce((db) =>
  db
    .select({
      id: accounts.id,
      role: accounts.role,
      email: accounts.email,
      token_version: accounts.token_version,
      suspended_at: accounts.suspended_at,
      publisherId: publishers.id,
      libraryId: libraries.id,
    })
    .from(accounts)
    .leftJoin(publishers, eq(publishers.account_id, accounts.id))
    .leftJoin(libraries, eq(libraries.account_id, accounts.id))
    .where(eq(accounts.id, sql.placeholder('id')))
    .prepare('actor_by_id'),
);

/**
 * Reads and checks the bearer token of `request` and loads its account.
 * @returns the actor, or null when no token is sent
 * @throws AppError 401 for a bad, expired, expiry-less or revoked token; 401 ACCOUNT_SUSPENDED
 *   'This account is suspended. Please contact <support e-mail>.' for a suspended account's
 *   (decision 041: 401, so the web app ends the session and shows the message)
 */
export function readActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  // read once a request: an operator route checks its caller before validation, then in its handler
  let actor = actorsRead.get(request);
  if (!actor) {
    actor = readActorOnce(ctx, request);
    actorsRead.set(request, actor);
  }
  return actor;
}

/** The actor read for each request (`readActor`). */
const actorsRead = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/** `readActor` without the request's memory. */
async function readActorOnce(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const { db } = ctx;
  const header = request.headers.authorization;
  if (!header) return null;
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (!token) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  let claims: { sub?: string; tv?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, await tokenKey(ctx.secrets.jwtSecret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      // a token without an expiry, even one signed with the real secret, is never accepted
      requiredClaims: ['exp', 'sub'],
    }));
  } catch {
    throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');
  }
  const [row] = await actorStatement(db).execute({ id: Number(claims.sub) });
  if (!row || row.token_version !== claims.tv) {
    throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');
  }
  // a suspended account's tokens stop working at once, not when they expire (decision 041)
  if (row.suspended_at) throw suspendedError(ctx);
  // every later log line of the request names the account and its role (never the e-mail)
  if (!namedInLogs.has(request)) {
    namedInLogs.add(request);
    request.log = request.log.child({ accountId: row.id, role: row.role });
  }
  return { accountId: row.id, role: row.role, email: row.email, publisherId: row.publisherId, libraryId: row.libraryId };
}

/**
 * The refusal of a suspended account, at sign-in and for each of its tokens (decision 041):
 * 401 ACCOUNT_SUSPENDED naming the registry's support e-mail (SUPPORT_EMAIL).
 */
export const suspendedError = (ctx: Pick<AppContext, 'config'>) =>
  new AppError('ACCOUNT_SUSPENDED', `This account is suspended. Please contact ${ctx.config.SUPPORT_EMAIL}.`);

/** Requests whose logger already names their account (a request may read its actor twice). */
const namedInLogs = new WeakSet<FastifyRequest>();

/**
 * The actor of `request`, required to be logged in and, when `role` is given, of that role.
 * @throws AppError 401 when not logged in; 403 when of another role
 */
export async function requireActor(ctx: AppContext, request: FastifyRequest, role?: AccountRole): Promise<Actor> {
  const actor = await readActor(ctx, request);
  if (!actor) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (role && actor.role !== role) throw new AppError('FORBIDDEN', ONLY[role]);
  return actor;
}

/** The refusal of a caller of another role. */
const ONLY: Record<AccountRole, string> = {
  PUBLISHER: 'Only publishers can do this',
  LIBRARY: 'Only libraries can do this',
  OPERATOR: 'Only operators can do this',
};

/** `requireActor` for an operator of the registry (decision 041): no token 401, another role 403. */
export const requireOperator = (ctx: AppContext, request: FastifyRequest) => requireActor(ctx, request, 'OPERATOR');

/** `requireActor` for a publisher, returning its publisher id. */
export async function requirePublisher(ctx: AppContext, request: FastifyRequest) {
  const actor = await requireActor(ctx, request, 'PUBLISHER');
  if (!actor.publisherId) throw new AppError('FORBIDDEN', 'Only publishers can do this');
  return { ...actor, publisherId: actor.publisherId };
}

/** `requireActor` for a library, returning its library id. */
export async function requireLibrary(ctx: AppContext, request: FastifyRequest) {
  const actor = await requireActor(ctx, request, 'LIBRARY');
  if (!actor.libraryId) throw new AppError('FORBIDDEN', 'Only libraries can do this');
  return { ...actor, libraryId: actor.libraryId };
}
