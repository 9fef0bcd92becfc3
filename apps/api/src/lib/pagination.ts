/** Paging of docs/api.md lists: `pageNo` (from 1) and `limit` (10|25|50|100|all). */
import type { ListQuery } from '@jsbn/shared';

/** Largest page "All" returns. */
export const ALL_LIMIT = 10_000;

/** SQL limit and offset for a list query. */
export function pageOf(query: Pick<ListQuery, 'pageNo' | 'limit'>): { limit: number; offset: number } {
  if (query.limit === 'all') return { limit: ALL_LIMIT, offset: 0 };
  const limit = Number(query.limit);
  return { limit, offset: (query.pageNo - 1) * limit };
}

/** `text` with `%`, `_` and `\` escaped, so an ILIKE pattern takes them literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}
