/**
 * The replies of the public book pages behind the QR codes (`GET /api/book/listing/jsbn/:jsbn`
 * and the server-made `/jsbn/:jsbn`, `/` and `/search-a-book`) and of searches, cached in memory
 * so a scan costs no database work (docs/decisions/010). An entry holding a signed
 * file link is made again after a minute (behind the request that finds it old) and never
 * served after ten (the links live fifteen); one without is cached until a change (an hour at
 * most before it is made again behind a request). Every entry is forgotten as soon as its
 * publisher or any of the publisher's books changes: in this
 * copy at once (`forgetPublisher`), in the others through PostgreSQL `NOTIFY
 * jsbn_public_pages, '<publisher id>'` sent in the writing transaction (`publicPagesChanged`)
 * and heard by every copy's listener (`listenForChanges`). A book's pages are also forgotten when
 * who holds it changes (`bookPagesChanged`, `NOTIFY jsbn_public_pages, 'jsbn:<JSBN>'`; decision 077).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, DbOrTx } from '../db/client.js';
import { LinkSigner } from './storage.js';

/** The NOTIFY channel of public page changes; the payload is the publisher id. */
export const PUBLIC_PAGES_CHANNEL = 'jsbn_public_pages';

/** The `publisherId` of an entry that shows books of every publisher (the newly published list): forgotten at every change. */
export const ANY_PUBLISHER = 0;

interface Entry {
  /** The reply, serialised once. */
  body: string;
  /** The publisher whose changes make it old, or `ANY_PUBLISHER`. */
  publisherId: number;
  /** Age in ms after which it is made again behind a request, when not the cache's own (`refreshMs`). */
  refreshMs?: number;
}

/**
 * An entry as cached: the page as served, whose changes make it old, whether it holds a signed
 * link that expires, and when it was made (ms).
 */
interface Stored extends Omit<Entry, 'body'> {
  page: CachedPage;
  expiring: boolean;
  at: number;
}

/**
 * Age (ms) after which a page without expiring links is made again behind a request: only a
 * safety net, since every change forgets it at once (1 hour).
 */
const STABLE_REFRESH_MS = 60 * 60_000;

/**
 * A page as served, made once when it is cached: its brotli bytes and its ETag (as
 * `@fastify/etag` would make it: SHA-1 of the page, base64). Only the compressed form is
 * cached — a page the app renders is 135 kB, its brotli 20 kB, so the cache holds seven times as
 * many — and a client that does not take brotli gets it decompressed (`body`). Sending bytes
 * made once spares every request the encoding of the page.
 */
export class CachedPage {
  /** The length of `br` in bytes, as a Content-Length header says it. */
  readonly length: string;

  constructor(
    /** The page, brotli-compressed. */
    readonly br: Buffer,
    readonly etag: string,
  ) {
    this.length = String(br.length);
  }

  /** Makes the served form of a page. */
  static of(body: string): CachedPage {
    const bytes = Buffer.from(body);
    const br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    return new CachedPage(br, `"${createHash('sha1').update(bytes).digest('base64')}"`);
  }

  /** The page's UTF-8 bytes (decompressed on each call: for the few clients without brotli). */
  get body(): Buffer {
    return brotliDecompressSync(this.br);
  }
}

/**
 * Sends a cached page with its ETag (a matching `If-None-Match` gets a 304 from
 * `@fastify/etag`), as brotli when the client accepts it, else as it is (which
 * `@fastify/compress` may gzip). The caller sets the content type.
 */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  const vary = reply.getHeader('vary');
  reply.header('etag', page.etag).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (negotiate(request.headers['accept-encoding'] ?? '', ['br']) === 'br') return reply.header('content-encoding', 'br').send(page.br);
  return reply.send(page.body);
}

export interface PublicPageCacheOptions {
  /** Age in ms after which a request still gets the entry but it is made again behind it (60 s). */
  refreshMs?: number;
  /** Age in ms after which an entry is not served at all (10 min; signed links in it live 15). */
  maxAgeMs?: number;
  /** Upper bound of the cached pages (brotli), in bytes (default 256 MiB: about 12,000 pages rendered by the app, 100,000 API replies). */
  maxBytes?: number;
}

/** Serialised public replies by key (the canonical JSBN), forgotten by publisher. */
export class PublicPageCache {
  private readonly entries: LRUCache<string, Stored>;
  /** Loads under way, by key. */
  private readonly loading = new Map<string, Promise<Omit<Stored, 'at'>>>();
  /** Bumped by every forget: a load that started before one must not be stored. */
  private generation = 0;
  private readonly refreshMs: number;
  private readonly maxAgeMs: number;
  /** `get`s served from memory (metrics; the cached-page responder's answers are counted there). */
  hits = 0;
  /** `get`s that had to load the page (metrics). */
  misses = 0;

  constructor(options: PublicPageCacheOptions = {}) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.entries = new LRUCache<string, Stored>({
      maxSize: options.maxBytes ?? 256 * 1024 * 1024,
      sizeCalculation: (entry) => entry.page.br.length + 128,
    });
  }

  /**
   * The cached page of `key`, or `load()`'s. An entry holding a signed link that expires
   * (`LinkSigner`) and older than `refreshMs` is still served while one load makes it again
   * behind the request (so pages scanned all the time never all expire at once; if the
   * database is down the page still answers); one older than `maxAgeMs` is not served. An
   * entry without such links is served until a change forgets it, and made again behind a
   * request after an hour. Requests for a key being loaded wait for that one load (a QR
   * code scanned by a hall full of phones costs one database read). A load that a change
   * overtook is served but not cached (it may predate the change).
   * @throws whatever `load` throws when there is nothing to serve (nothing is cached then)
   */
  async get(key: string, load: () => Promise<Entry>): Promise<CachedPage> {
    const hit = this.entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && (!hit.expiring || age <= this.maxAgeMs)) {
      this.hits++;
      if (age > this.refreshAge(hit) && !this.loading.has(key)) this.load(key, load).catch(() => undefined);
      return hit.page;
    }
    this.misses++;
    return (await this.load(key, load)).page;
  }

  /**
   * The cached page of `key` when `get` would serve it as it is, without loading or making
   * it again behind the request; else undefined (the cached-page responder's question, cached-page-responder.ts).
   */
  ready(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at <= this.refreshAge(hit) ? hit.page : undefined;
  }

  /** The age in ms after which `hit` is made again behind the request that finds it. */
  private refreshAge(hit: Stored): number {
    return hit.expiring ? (hit.refreshMs ?? this.refreshMs) : STABLE_REFRESH_MS;
  }

  private async load(key: string, load: () => Promise<Entry>): Promise<Omit<Stored, 'at'>> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.generation;
    const loaded = load().then(({ body, publisherId, refreshMs }) => ({
      page: CachedPage.of(body),
      publisherId,
      refreshMs,
      expiring: body.includes(LinkSigner.EXPIRING_MARK),
    }));
    this.loading.set(key, loaded);
    try {
      const fresh = await loaded;
      if (this.generation === started) this.entries.set(key, { ...fresh, at: Date.now() });
      return fresh;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  /** Told of every change this cache forgets pages for (what else is cached until a change: search results). */
  private readonly changeListeners: (() => void)[] = [];

  /** Calls `listener` whenever a book or publisher changes (here or, through NOTIFY, in another copy). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Forgets every entry of the publisher `publisherId`, and those of any publisher. */
  forgetPublisher(publisherId: number): void {
    for (const listener of this.changeListeners) listener();
    this.generation++;
    this.loading.clear(); // later requests load afresh instead of joining a load from before
    for (const [key, entry] of this.entries.entries())
      if (entry.publisherId === publisherId || entry.publisherId === ANY_PUBLISHER) this.entries.delete(key);
  }

  /**
   * Forgets every page of the books `jsbns` (canonical; cached under `<kind>:<jsbn>`, whatever the
   * kind — the API's reply, each language's rendered page, each reader's chosen place): their
   * holdings changed (decision 077). Search results and other pages stay.
   */
  forgetBooks(jsbns: readonly string[]): void {
    if (jsbns.length === 0) return;
    this.generation++;
    this.loading.clear();
    const suffixes = jsbns.map((jsbn) => `:${jsbn}`);
    for (const key of this.entries.keys()) if (suffixes.some((suffix) => key.endsWith(suffix))) this.entries.delete(key);
  }

  /** Forgets everything (a listener that reconnected may have missed changes). */
  clear(): void {
    for (const listener of this.changeListeners) listener();
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
 * `publisherId` (one or several) changed: forgotten here at once, and in every copy (this one included) when
 * the transaction commits. Call it from every write to a book, its authors, images or
 * subjects, or to a publisher's profile.
 */
export async function publicPagesChanged(tx: DbOrTx, cache: PublicPageCache, publisherId: number | number[]): Promise<void> {
  const ids = [...new Set([publisherId].flat())];
  for (const id of ids) cache.forgetPublisher(id);
  // one statement however many publishers (an import batch touches hundreds)
  await tx.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, id::text) from unnest(${sql.param(ids)}::int[]) as id`);
}

/** The NOTIFY payload of the pages of one book (`jsbn:<canonical JSBN>`) and of every page (`all`). */
const BOOK_PAYLOAD = 'jsbn:';
const ALL_PAYLOAD = 'all';

/**
 * Announces, inside the transaction `tx` that changes who holds them (decision 077), that the
 * pages of the books `jsbns` (canonical) changed: forgotten here at once, and in every copy when
 * the transaction commits (`NOTIFY jsbn_public_pages, 'jsbn:<JSBN>'`). Without `jsbns` (a library
 * showed or hid its holdings, or changed what readers read of it), every page is forgotten.
 */
export async function bookPagesChanged(tx: DbOrTx, cache: PublicPageCache, jsbns?: readonly string[]): Promise<void> {
  if (!jsbns) {
    cache.clear();
    await tx.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${ALL_PAYLOAD})`);
    return;
  }
  const unique = [...new Set(jsbns)];
  if (unique.length === 0) return;
  cache.forgetBooks(unique);
  await tx.execute(
    sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${BOOK_PAYLOAD} || jsbn) from unnest(${sql.param(unique)}::text[]) as jsbn`,
  );
}

/** Makes `cache` forget what any copy announces, and everything after a lost listener. */
export async function listenForChanges(database: Pick<Database, 'listen'>, cache: PublicPageCache): Promise<void> {
  await database.listen(
    PUBLIC_PAGES_CHANNEL,
    (payload) => {
      const publisherId = Number(payload);
      if (payload.startsWith(BOOK_PAYLOAD)) cache.forgetBooks([payload.slice(BOOK_PAYLOAD.length)]);
      else if (Number.isInteger(publisherId)) cache.forgetPublisher(publisherId);
      else cache.clear();
    },
    () => cache.clear(),
  );
}
