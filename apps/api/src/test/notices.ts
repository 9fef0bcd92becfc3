/**
 * Waiting for the public page notices (lib/public-pages.ts: `NOTIFY jsbn_public_pages`) an app has
 * been sent, instead of sleeping: a test that needs a page to stay cached waits until the app's
 * own listener has heard every notice sent before it.
 */
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { AppContext } from '../context.js';
import { PUBLIC_PAGES_CHANNEL } from '../lib/public-pages.js';

/** The publisher id of the marker notice: no publisher has it. */
const MARKER = -1;

/**
 * Resolves once `ctx`'s listener has heard every public page notice committed before the call:
 * it sends a marker notice (for a publisher that does not exist) and waits until the cache is
 * told to forget that publisher. PostgreSQL (and PGlite) deliver notices to a listener in commit
 * order, so the marker comes after all of those before it.
 * @throws when the marker is not heard within `timeoutMs` (10 s)
 */
export async function noticesHeard(ctx: AppContext, timeoutMs = 10_000): Promise<void> {
  const forget = vi.spyOn(ctx.publicPages, 'forgetPublisher');
  try {
    await ctx.db.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${String(MARKER)})`);
    await vi.waitFor(() => expect(forget).toHaveBeenCalledWith(MARKER), { timeout: timeoutMs, interval: 10 });
  } finally {
    forget.mockRestore();
  }
}
