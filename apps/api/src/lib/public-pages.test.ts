import { describe, expect, it } from 'vitest';
import { PublicPageCache } from './public-pages.js';

describe('PublicPageCache', () => {
  it('loads once, forgets by publisher, and never keeps a load that a change overtook', async () => {
    const cache = new PublicPageCache();
    let loads = 0;
    const load = (body: string, publisherId: number) => async () => {
      loads++;
      return { body, publisherId };
    };
    expect(await cache.get('json:A', load('a1', 1))).toBe('a1');
    expect(await cache.get('json:A', load('a2', 1))).toBe('a1');
    expect(await cache.get('json:B', load('b1', 2))).toBe('b1');
    expect(loads).toBe(2);

    cache.forgetPublisher(1);
    expect(cache.size).toBe(1);
    expect(await cache.get('json:A', load('a3', 1))).toBe('a3');

    // a change announced while a load runs: its (possibly older) result is served, not kept
    let release!: () => void;
    const slow = cache.get('json:C', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: 'c-old', publisherId: 3 };
    });
    await Promise.resolve();
    cache.forgetPublisher(3);
    release();
    expect(await slow).toBe('c-old');
    expect(await cache.get('json:C', load('c-new', 3))).toBe('c-new');

    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('makes one load for many requests of the same page at once', async () => {
    const cache = new PublicPageCache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { body: 'page', publisherId: 1 };
    };
    expect(await Promise.all(Array.from({ length: 50 }, () => cache.get('json:A', load)))).toEqual(Array(50).fill('page'));
    expect(loads).toBe(1);
    // a failed load is not kept: the next request tries again
    await expect(Promise.all([cache.get('json:B', () => Promise.reject(new Error('down'))), cache.get('json:B', load)])).rejects.toThrow('down');
    expect(await cache.get('json:B', load)).toBe('page');
  });

  it('serves an old entry while making it again behind it, and never one past its maximum age', async () => {
    const cache = new PublicPageCache({ refreshMs: 20, maxAgeMs: 200 });
    await cache.get('json:A', async () => ({ body: 'first', publisherId: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 40));
    let release!: () => void;
    const second = new Promise<{ body: string; publisherId: number }>((resolve) => (release = () => resolve({ body: 'second', publisherId: 1 })));
    expect(await cache.get('json:A', () => second)).toBe('first'); // old but servable: answered at once
    release();
    await second;
    await Promise.resolve();
    expect(await cache.get('json:A', async () => ({ body: 'unused', publisherId: 1 }))).toBe('second');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await cache.get('json:A', async () => ({ body: 'third', publisherId: 1 }))).toBe('third'); // too old to serve
  });
});
