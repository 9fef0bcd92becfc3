/**
 * The replies of the public book pages behind the QR codes (`GET /api/book/listing/jsbn/:jsbn`
 * and the server-made `/jsbn/:jsbn`, `/` and `/search-a-book`), kept in memory so a scan costs no database work
 * (issue 11; docs/decisions/010). An entry is made again after a minute (behind the request
 * that finds it old), is never served after ten (the signed file links in it live fifteen),
 * and is forgotten as soon as its publisher or any of the publisher's books changes: in this
 * copy at once (`forgetPublisher`), in the others through PostgreSQL `NOTIFY
 * jsbn_public_pages, '<publisher id>'` sent in the writing transaction (`publicPagesChanged`)
 * and heard by every copy's listener (`listenForChanges`).
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, DbOrTx } from '../db/client.js';

/** The NOTIFY channel of public page changes; the payload is the publisher id. */
export const PUBLIC_PAGES_CHANNEL = 'jsbn_public_pages';

/** The `publisherId` of an entry that shows books of every publisher (the newly published list): forgotten at every change. */
export const ANY_PUBLISHER = 0;

interface Entry {
  /** The reply, serialised once. */
  body: string;
  /** The publisher whose changes make it old, or `ANY_PUBLISHER`. */
  publisherId: number;
}

export interface PublicPageCacheOptions {
  /** Age in ms after which a request still gets the entry but it is made again behind it (60 s). */
  refreshMs?: number;
  /** Age in ms after which an entry is not served at all (10 min; signed links in it live 15). */
  maxAgeMs?: number;
  /** Upper bound of the cached bodies, in bytes (default 64 MiB). */
  maxBytes?: number;
}

/** Serialised public replies by key (the canonical JSBN), forgotten by publisher. */
export class PublicPageCache {
  private readonly entries: LRUCache<string, Entry & { at: number }>;
  /** Loads under way, by key. */
  private readonly loading = new Map<string, Promise<Entry>>();
  /** Bumped by every forget: a load that started before one must not be stored. */
  private generation = 0;
  private readonly refreshMs: number;
  private readonly maxAgeMs: number;

  constructor(options: PublicPageCacheOptions = {}) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.entries = new LRUCache<string, Entry & { at: number }>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length * 2 + 64,
    });
  }

  /**
   * The cached body of `key`, or `load()`'s. An entry older than `refreshMs` is still served
   * while one load makes it again behind the request (so pages scanned all the time never
   * all expire at once; if the database is down the page still answers); one older than
   * `maxAgeMs` is not served. Requests for a key being loaded wait for that one load (a QR
   * code scanned by a hall full of phones costs one database read). A load that a change
   * overtook is served but not kept (it may predate the change).
   * @throws whatever `load` throws when there is nothing to serve (nothing is cached then)
   */
  async get(key: string, load: () => Promise<Entry>): Promise<string> {
    const hit = this.entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age <= this.maxAgeMs) {
      if (age > this.refreshMs && !this.loading.has(key)) this.load(key, load).catch(() => undefined);
      return hit.body;
    }
    return (await this.load(key, load)).body;
  }

  private async load(key: string, load: () => Promise<Entry>): Promise<Entry> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.generation;
    const loaded = load();
    this.loading.set(key, loaded);
    try {
      const fresh = await loaded;
      if (this.generation === started) this.entries.set(key, { ...fresh, at: Date.now() });
      return fresh;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  /** Forgets every entry of the publisher `publisherId`, and those of any publisher. */
  forgetPublisher(publisherId: number): void {
    this.generation++;
    this.loading.clear(); // later requests load afresh instead of joining a load from before
    for (const [key, entry] of this.entries.entries()) if (entry.publisherId === publisherId || entry.publisherId === ANY_PUBLISHER) this.entries.delete(key);
  }

  /** Forgets everything (a listener that reconnected may have missed changes). */
  clear(): void {
    this.generation++;
    this.loading.clear();
    this.entries.clear();
  }

  /** Number of entries (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Announces, inside the transaction `tx` that changes them, that the public pages of
 * `publisherId` changed: forgotten here at once, and in every copy (this one included) when
 * the transaction commits. Call it from every write to a book, its authors, images or
 * subjects, or to a publisher's profile.
 */
export async function publicPagesChanged(tx: DbOrTx, cache: PublicPageCache, publisherId: number): Promise<void> {
  cache.forgetPublisher(publisherId);
  await tx.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${String(publisherId)})`);
}

/** Makes `cache` forget what any copy announces, and everything after a lost listener. */
export async function listenForChanges(database: Pick<Database, 'listen'>, cache: PublicPageCache): Promise<void> {
  await database.listen(
    PUBLIC_PAGES_CHANNEL,
    (payload) => {
      const publisherId = Number(payload);
      if (Number.isInteger(publisherId)) cache.forgetPublisher(publisherId);
      else cache.clear();
    },
    () => cache.clear(),
  );
}
