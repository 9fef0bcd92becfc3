import { brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANY_PUBLISHER, PublicPageCache } from './public-pages.js';

/** A page body holding a signed link that expires (`LinkSigner`): the cache makes it again in time. */
const linked = (text: string) => `${text} /api/files/private/a.pdf?expires=1&signature=x`;

describe('PublicPageCache', () => {
  // the cache dates its entries by Date.now(): the tests move that clock instead of waiting
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once, forgets by publisher, and never keeps a load that a change overtook', async () => {
    const cache = new PublicPageCache();
    let loads = 0;
    const load = (body: string, publisherId: number) => async () => {
      loads++;
      return { body, publisherId };
    };
    expect((await cache.get('json:A', load('a1', 1))).body.toString()).toBe('a1');
    expect((await cache.get('json:A', load('a2', 1))).body.toString()).toBe('a1');
    expect((await cache.get('json:B', load('b1', 2))).body.toString()).toBe('b1');
    expect(loads).toBe(2);

    cache.forgetPublisher(1);
    expect(cache.size).toBe(1);
    expect((await cache.get('json:A', load('a3', 1))).body.toString()).toBe('a3');

    // a change announced while a load runs: its (possibly older) result is served, not cached
    let release!: () => void;
    const slow = cache.get('json:C', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: 'c-old', publisherId: 3 };
    });
    await Promise.resolve();
    cache.forgetPublisher(3);
    release();
    expect((await slow).body.toString()).toBe('c-old');
    expect((await cache.get('json:C', load('c-new', 3))).body.toString()).toBe('c-new');

    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('makes one load for many requests of the same page at once', async () => {
    const cache = new PublicPageCache();
    let loads = 0;
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await loaded;
      return { body: 'page', publisherId: 1 };
    };
    // 50 requests, all made before the first load ends
    const asked = Array.from({ length: 50 }, () => cache.get('json:A', load));
    release();
    const pages = await Promise.all(asked);
    expect(pages.map((page) => page.body.toString())).toEqual(Array(50).fill('page'));
    // its ETag is made once, as @fastify/etag would make it
    expect(pages[0]!.etag).toBe(`"${createHash('sha1').update('page').digest('base64')}"`);
    expect(brotliDecompressSync(pages[0]!.br).toString()).toBe('page');
    expect(loads).toBe(1);
    // a failed load is not cached: the next request tries again
    await expect(Promise.all([cache.get('json:B', () => Promise.reject(new Error('down'))), cache.get('json:B', load)])).rejects.toThrow(
      'down',
    );
    expect((await cache.get('json:B', load)).body.toString()).toBe('page');
  });

  it('serves an old entry holding a signed link while making it again behind it, and never one past its maximum age', async () => {
    const cache = new PublicPageCache({ refreshMs: 20, maxAgeMs: 200 });
    await cache.get('json:A', async () => ({ body: linked('first'), publisherId: 1 }));
    vi.advanceTimersByTime(40);
    let release!: () => void;
    const second = new Promise<{ body: string; publisherId: number }>(
      (resolve) => (release = () => resolve({ body: linked('second'), publisherId: 1 })),
    );
    expect((await cache.get('json:A', () => second)).body.toString()).toBe(linked('first')); // old but servable: answered at once
    release();
    await second;
    await Promise.resolve();
    expect((await cache.get('json:A', async () => ({ body: linked('unused'), publisherId: 1 }))).body.toString()).toBe(linked('second'));
    vi.advanceTimersByTime(250);
    expect((await cache.get('json:A', async () => ({ body: linked('third'), publisherId: 1 }))).body.toString()).toBe(linked('third')); // too old to serve
  });

  it("keeps an entry's own refresh age (pages the app rendered), and forgets pages of every publisher at any publisher's change", async () => {
    const cache = new PublicPageCache({ refreshMs: 20, maxAgeMs: 1000 });
    await cache.get('html:A', async () => ({ body: linked('rendered'), publisherId: 1, refreshMs: 500 }));
    await cache.get('html:/', async () => ({ body: linked('landing'), publisherId: ANY_PUBLISHER }));
    await cache.get('json:B', async () => ({ body: linked('other'), publisherId: 2 }));
    vi.advanceTimersByTime(40);
    let loads = 0;
    const again = async () => {
      loads += 1;
      return { body: linked('again'), publisherId: 1, refreshMs: 500 };
    };
    expect((await cache.get('html:A', again)).body.toString()).toBe(linked('rendered'));
    expect(loads).toBe(0); // 40 ms is old for the cache, not for this entry
    cache.forgetPublisher(2);
    expect((await cache.get('html:/', async () => ({ body: linked('new landing'), publisherId: ANY_PUBLISHER }))).body.toString()).toBe(
      linked('new landing'),
    );
    expect((await cache.get('html:A', again)).body.toString()).toBe(linked('rendered')); // publisher 1's page stays
  });

  it('keeps pages compressed: a cache of 100 kB holds three pages of 200 kB the app might render', async () => {
    const cache = new PublicPageCache({ maxBytes: 100_000 });
    const page = (n: number) => `<style>${'.css-1xe2qvv-MuiStack-root{display:flex;flex-direction:row}'.repeat(3000)}</style><h1>${n}</h1>`;
    for (const n of [1, 2, 3]) await cache.get(`html:${n}`, async () => ({ body: page(n), publisherId: n }));
    expect(cache.size).toBe(3);
    const served = await cache.get('html:2', async () => ({ body: 'not loaded again', publisherId: 2 }));
    expect(served.body.toString()).toBe(page(2));
    expect(brotliDecompressSync(served.br).toString()).toBe(page(2));
    expect(served.br.length).toBeLessThan(page(2).length / 20);
  });

  it('serves a page without expiring links until a change, and one with a signed link never past its age', async () => {
    const cache = new PublicPageCache({ refreshMs: 10, maxAgeMs: 30 });
    const signed = '{"book_pdf":"/api/files/private/book-pdfs/a.pdf?expires=1&signature=abc"}';
    await cache.get('json:A', async () => ({ body: '{"book_pdf":null}', publisherId: 1 }));
    await cache.get('json:B', async () => ({ body: signed, publisherId: 2 }));
    vi.advanceTimersByTime(60);
    let loads = 0;
    const fresh = async () => {
      loads += 1;
      return { body: 'fresh', publisherId: 1 };
    };
    expect((await cache.get('json:A', fresh)).body.toString()).toBe('{"book_pdf":null}');
    expect(loads).toBe(0);
    expect((await cache.get('json:B', fresh)).body.toString()).toBe('fresh');
    cache.forgetPublisher(1);
    expect((await cache.get('json:A', fresh)).body.toString()).toBe('fresh');
  });
});
