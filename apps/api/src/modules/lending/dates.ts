/**
 * The lending desk's days (decision 076): a loan's dates are India's days (Asia/Kolkata, UTC+5:30,
 * no daylight saving), so a copy lent at 01:00 IST is lent that day and not the day before.
 */
import type { AuditActor } from '../../lib/audit.js';
import type { LibraryActor } from '../holdings/service.js';

/** India's offset from UTC, ms. */
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The library acting, as the record names it. */
export const auditActor = (actor: LibraryActor): AuditActor => ({ accountId: actor.accountId, role: 'LIBRARY' });

/** India's day at `now`, YYYY-MM-DD. */
export const indiaDay = (now: Date): string => new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** India's hour (0–23) at `now`. */
export const indiaHour = (now: Date): number => new Date(now.getTime() + INDIA_OFFSET_MS).getUTCHours();

/** The day `days` after `day` (YYYY-MM-DD; negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
