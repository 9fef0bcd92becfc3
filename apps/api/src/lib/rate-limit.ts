/**
 * Fixed-window rate limits kept in the database, so every API copy counts together
 * (DESIGN §1: nothing a second copy needs lives in process memory).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rate_limits } from '../db/schema.js';
import { AppError } from './errors.js';

/** Seconds until the window of `key` ends, or 0 when `key` is under `limit`. */
export async function blockedFor(ctx: AppContext, key: string, limit: number, windowMs: number): Promise<number> {
  const [row] = await ctx.db.select().from(rate_limits).where(eq(rate_limits.key, key));
  if (!row) return 0;
  const endsAt = row.window_start.getTime() + windowMs;
  const now = ctx.clock().getTime();
  if (endsAt <= now || row.count < limit) return 0;
  return Math.ceil((endsAt - now) / 1000);
}

/** Counts one event for `key` (a new window starts when the old one has ended). */
export async function hit(ctx: AppContext, key: string, windowMs: number): Promise<void> {
  const now = ctx.clock();
  const windowStartedBefore = new Date(now.getTime() - windowMs);
  await ctx.db
    .insert(rate_limits)
    .values({ key, count: 1, window_start: now })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`case when ${rate_limits.window_start} <= ${windowStartedBefore} then 1 else ${rate_limits.count} + 1 end`,
        window_start: sql`case when ${rate_limits.window_start} <= ${windowStartedBefore} then ${now} else ${rate_limits.window_start} end`,
      },
    });
}

/** Forgets `key` (a successful login clears the account's failures). */
export async function reset(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(rate_limits).where(eq(rate_limits.key, key));
}

/** Throws 429 with Retry-After when `key` is over `limit`. */
export async function assertUnder(ctx: AppContext, key: string, limit: number, windowMs: number, message: string): Promise<void> {
  const seconds = await blockedFor(ctx, key, limit, windowMs);
  if (seconds > 0) throw new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(seconds) });
}
