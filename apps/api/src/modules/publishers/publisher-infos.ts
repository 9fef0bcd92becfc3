/**
 * The public details of publishers (`publisherInfo`: name, address, book count, latest books)
 * as a book's public page shows them, cached by publisher id until any book or publisher changes
 * (the public page cache's change signal, decision 010). A book's uncached request then reads only
 * the book: a publisher's details cost two statements, and 100,000 books of 5,000 publishers
 * scanned for the first time ask for the same publisher 20 times over.
 */
import { LRUCache } from 'lru-cache';
import type { PublisherInfo } from '@jsbn/shared';

export class PublisherInfos {
  /** About 2 kB each. */
  private readonly entries = new LRUCache<number, PublisherInfo>({ max: 5_000 });
  /** Bumped by every change: details read before one are given but not cached. */
  private generation = 0;

  /** The details of `publisherId`, kept or read by `load` (whose errors pass through, nothing kept). */
  async get(publisherId: number, load: () => Promise<PublisherInfo>): Promise<PublisherInfo> {
    const known = this.entries.get(publisherId);
    if (known) return known;
    const started = this.generation;
    const info = await load();
    if (this.generation === started) this.entries.set(publisherId, info);
    return info;
  }

  /** Forgets every publisher (a book or publisher changed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Number of publishers kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
