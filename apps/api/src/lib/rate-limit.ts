/**
 * Rate limits shared by every API copy (ARCHITECTURE.md and decision 007), through the well-kept
 * `rate-limiter-flexible`: each hit is counted and checked in one atomic step in PostgreSQL
 * (`RateLimiterDrizzle` on table `rate_limits`: one `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING`). When REDIS_URL is set each hit is also counted in Redis (`RateLimiterRedis`: one
 * Lua script), at the same time, and refused when either store refuses it: both hold the whole
 * budget, so while Redis is down the database goes on counting the same one — an address that
 * used its 30 login attempts does not get 30 more — and after Redis comes back what was counted
 * meanwhile still counts; while the database is down Redis alone decides. 200 parallel attempts
 * against a limit of 5 let exactly 5 through.
 *
 * Every limit is a fixed window of `duration` seconds starting at its first hit. Which limits
 * exist and why: `LIMITS` below and docs/decisions/007-throttling.md.
 */
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LOGIN_MAX_ATTEMPTS_PER_IP, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, OTP_MAX_SENDS_PER_HOUR } from '@jsbn/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { rate_limits } from '../db/schema.js';
import { ThrottledError } from './errors.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What one limit allows: `points` hits per `duration` seconds, and what a refused caller reads. */
export interface LimitRule {
  points: number;
  duration: number;
  message: string;
}

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
const TOO_MANY_CODES = 'Too many codes were sent. Please try again later.';
const TOO_MANY_TRIES = 'Too many wrong codes. Please try again later.';
const TOTP_LOCKED =
  'Too many wrong authenticator codes for this account: its sign-in is locked for an hour and the account has been e-mailed';
const TOO_MANY_ORDERS = 'Too many orders in the last hour. Please try again later.';
const TOO_MANY_ORDERS_TODAY = 'Too many orders to this publisher today. Please try again tomorrow.';

/**
 * Every limit, by name; keys are chosen by the caller (an address, an e-mail, both).
 * Login: all attempts per address, failures per account from one address (the attacker is
 * slowed, the owner elsewhere is not), and failures per account from addresses it never
 * logged in from (a botnet is slowed; the owner at a known address is not).
 * Everything that sends a message: per address and per recipient, so a visitor cannot flood
 * a mailbox; a book request also per address and publisher, so one address cannot use up a
 * publisher's day. One-time codes: issued and tried per e-mail, whatever the route. Orders:
 * per library (each order of a cart counts) and per library and publisher, so one library
 * cannot flood a publisher — their points are the settings ORDER_LIMIT_PER_HOUR and
 * ORDER_LIMIT_PER_PUBLISHER_DAY (`openRateLimits`). A bulk preview unpacks and reads a file:
 * per publisher, 30 an hour (decision 037).
 */
export const LIMITS = {
  loginPerAddress: { points: LOGIN_MAX_ATTEMPTS_PER_IP, duration: LOGIN_WINDOW_MS / 1000, message: TOO_MANY_LOGINS },
  loginFailuresPerAccountAndAddress: { points: LOGIN_MAX_FAILURES_PER_ACCOUNT, duration: LOGIN_WINDOW_MS / 1000, message: TOO_MANY_LOGINS },
  loginFailuresPerAccountFromUnknownAddresses: { points: 100, duration: HOUR, message: TOO_MANY_LOGINS },
  /** An operator's wrong authenticator codes from one address, as its wrong passwords (decision 041). */
  totpFailuresPerAccountAndAddress: { points: LOGIN_MAX_FAILURES_PER_ACCOUNT, duration: LOGIN_WINDOW_MS / 1000, message: TOO_MANY_LOGINS },
  /**
   * An operator's wrong authenticator codes from every address together (decision 063): past
   * 10 an hour the second factor is locked for the rest of the hour, the right code included.
   */
  totpFailuresPerAccount: { points: 10, duration: HOUR, message: TOTP_LOCKED },
  /** One e-mail to the operator per lock (`totpFailuresPerAccount`). */
  totpLockNotices: { points: 1, duration: HOUR, message: TOTP_LOCKED },
  registrationPerAddress: { points: 10, duration: HOUR, message: TOO_MANY_REQUESTS },
  registrationPerEmail: { points: 5, duration: HOUR, message: TOO_MANY_REQUESTS },
  codesPerEmail: { points: OTP_MAX_SENDS_PER_HOUR, duration: HOUR, message: TOO_MANY_CODES },
  codesPerEmailDaily: { points: 10, duration: DAY, message: TOO_MANY_CODES },
  codeTriesPerEmail: { points: 10, duration: HOUR, message: TOO_MANY_TRIES },
  resendPerAddress: { points: 10, duration: HOUR, message: TOO_MANY_REQUESTS },
  resetLinksPerAddress: { points: 10, duration: HOUR, message: TOO_MANY_REQUESTS },
  resetLinksPerEmail: { points: 5, duration: HOUR, message: TOO_MANY_REQUESTS },
  contactPerAddress: { points: 5, duration: HOUR, message: TOO_MANY_REQUESTS },
  contactPerEmail: { points: 3, duration: HOUR, message: TOO_MANY_REQUESTS },
  claimsPerAddress: { points: 5, duration: HOUR, message: TOO_MANY_REQUESTS },
  // 'Report a problem with this book' counts as the contact form does (decision 044)
  bookReportsPerAddress: { points: 5, duration: HOUR, message: TOO_MANY_REQUESTS },
  bookReportsPerEmail: { points: 3, duration: HOUR, message: TOO_MANY_REQUESTS },
  bookRequestsPerAddress: { points: 10, duration: HOUR, message: TOO_MANY_REQUESTS },
  bookRequestsPerAddressAndPublisher: { points: 5, duration: DAY, message: TOO_MANY_REQUESTS },
  bookRequestsPerPublisher: { points: 50, duration: DAY, message: TOO_MANY_REQUESTS },
  ordersPerLibrary: { points: 50, duration: HOUR, message: TOO_MANY_ORDERS },
  ordersPerLibraryAndPublisher: { points: 10, duration: DAY, message: TOO_MANY_ORDERS_TODAY },
  searchPerAddress: { points: 300, duration: MINUTE, message: TOO_MANY_REQUESTS },
  /** Requests to the library protocols, `/sru` and `/oai` together, as the API's search (decision 064). */
  protocolsPerAddress: { points: 300, duration: MINUTE, message: TOO_MANY_REQUESTS },
  bulkPreviewsPerPublisher: { points: 30, duration: HOUR, message: TOO_MANY_REQUESTS },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

/** The rate limits of one API copy (`ctx.limits`). */
export interface RateLimits {
  /** Where the counters live: the database, or the database and Redis (REDIS_URL). */
  readonly store: 'database' | 'redis';
  /**
   * Counts `points` hits (default 1) of `limit` for `key` and checks them in the same step.
   * @throws ThrottledError (429, Retry-After in seconds) when the hit is over the limit;
   *   the store's own error when it cannot answer (→ 503)
   */
  consume(limit: LimitName, key: string, points?: number): Promise<void>;
  /** Takes back `points` hits (default 1): a login that turned out right, orders not made after all. */
  refund(limit: LimitName, key: string, points?: number): Promise<void>;
  /** Forgets `key` under `limit` (a successful login clears its address's failures). */
  reset(limit: LimitName, key: string): Promise<void>;
  /** Deletes counters whose window ended more than an hour ago (database store; housekeeping). */
  removeExpired(): Promise<number>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** A limit counted in the database and, with REDIS_URL, in Redis too. */
interface Counters {
  database: RateLimiterAbstract;
  redis: RateLimiterAbstract | null;
}

/**
 * Runs `step` on each store of `counters` at once and gives the database's outcome, or Redis's
 * when the database cannot answer; a store that refuses (a `RateLimiterRes`) refuses the hit,
 * with the longer wait of the two.
 * @throws the refusing `RateLimiterRes`; the database's error when neither store answers
 */
async function inBoth(counters: Counters, step: (limiter: RateLimiterAbstract) => Promise<unknown>): Promise<void> {
  const [database, redis] = await Promise.allSettled([
    step(counters.database),
    counters.redis ? step(counters.redis) : Promise.resolve(null),
  ]);
  const refusals = [database, redis].flatMap((outcome) =>
    outcome.status === 'rejected' && outcome.reason instanceof RateLimiterRes ? [outcome.reason] : [],
  );
  if (refusals.length) throw refusals.reduce((longest, refusal) => (refusal.msBeforeNext > longest.msBeforeNext ? refusal : longest));
  if (database.status === 'fulfilled' || (counters.redis && redis.status === 'fulfilled')) return;
  throw database.reason;
}

/**
 * Opens the limits of `config`: counted in the database `db`, and in Redis too when REDIS_URL
 * is set (`inBoth`: while either cannot be reached the other goes on counting the same budget).
 * @param log told when Redis fails
 */
export function openRateLimits(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'ORDER_LIMIT_PER_HOUR' | 'ORDER_LIMIT_PER_PUBLISHER_DAY'>,
  db: Db,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): RateLimits {
  const rules: Record<LimitName, LimitRule> = {
    ...LIMITS,
    ordersPerLibrary: { ...LIMITS.ordersPerLibrary, points: config.ORDER_LIMIT_PER_HOUR },
    ordersPerLibraryAndPublisher: { ...LIMITS.ordersPerLibraryAndPublisher, points: config.ORDER_LIMIT_PER_PUBLISHER_DAY },
  };
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        // fail a command at once while disconnected, so the database limiter stands in
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        keyPrefix: config.REDIS_KEY_PREFIX,
      })
    : null;
  redis?.on('error', (error: Error) =>
    log?.warn({ err: { message: error.message } }, 'redis unavailable: rate limits counted in the database alone'),
  );
  const limiters = new Map<LimitName, Counters>();
  const counters = (name: LimitName): Counters => {
    let made = limiters.get(name);
    if (!made) {
      const rule = rules[name];
      made = {
        database: new RateLimiterDrizzle({
          storeClient: db,
          schema: rate_limits,
          keyPrefix: name,
          points: rule.points,
          duration: rule.duration,
          clearExpiredByTimeout: false,
        }),
        redis: redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix: name, points: rule.points, duration: rule.duration }) : null,
      };
      limiters.set(name, made);
    }
    return made;
  };
  return {
    store: redis ? 'redis' : 'database',
    async consume(name, key, points = 1) {
      try {
        await inBoth(counters(name), (limiter) => limiter.consume(key, points));
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes)
          throw new ThrottledError(name, key, rules[name].message, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    async refund(name, key, points = 1) {
      await inBoth(counters(name), (limiter) => limiter.reward(key, points));
    },
    async reset(name, key) {
      await inBoth(counters(name), (limiter) => limiter.delete(key));
    },
    async removeExpired() {
      const removed = await db
        .delete(rate_limits)
        .where(lt(rate_limits.expire, new Date(Date.now() - HOUR)))
        .returning({ key: rate_limits.key });
      return removed.length;
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
