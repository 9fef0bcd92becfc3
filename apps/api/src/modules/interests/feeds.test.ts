/**
 * The Atom feeds (decision 073), read by a real feed parser — Debian's python3-feedparser, the
 * library of most feed readers — with no error: the newly published books, a publisher's, a
 * language's and a subject's; entries link to the QR page, with the id `urn:jsbn:<JSBN>`, the
 * cover and a summary in the feed's language; withdrawn books and a suspended publisher's leave
 * them at once; they are cached like public pages (public Cache-Control, ETag, 304); and the
 * pages that show such a list name their feed.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints } from '@jsbn/shared/core';
import { createBook, createOperator, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { builtApp } from '../../test/web-dist.js';
import { suspendByOperator, withdrawByOperator } from '../operator/moderation.js';
import { FEED_CACHE_CONTROL } from './feeds.js';

/** What feedparser makes of a feed. */
interface Parsed {
  bozo: boolean;
  exception: string;
  title: string;
  id: string;
  entries: {
    id: string;
    title: string;
    link: string;
    summary: string;
    published: string;
    enclosures: string[];
    authors: string[];
    tags: string[];
  }[];
}

const PARSE = `
import sys, json, feedparser
d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({'bozo': bool(d.bozo), 'exception': str(d.get('bozo_exception', '')), 'title': d.feed.get('title'), 'id': d.feed.get('id'),
  'entries': [{'id': e.get('id'), 'title': e.get('title'), 'link': e.get('link'), 'summary': e.get('summary'), 'published': e.get('published'),
    'enclosures': [x.get('href') for x in e.get('enclosures', [])], 'authors': [a.get('name') for a in e.get('authors', [])],
    'tags': [t.get('term') for t in e.get('tags', [])]} for e in d.entries]}, ensure_ascii=False))
`;
import { inject } from '../../test/inject.js';

/** `xml` as Debian's python3-feedparser reads it (the system Python, where the Debian package is). */
function feedparser(xml: string): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const child = execFile('/usr/bin/python3', ['-c', PARSE], { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Parsed),
    );
    child.stdin!.end(xml);
  });
}

describe.each(ENGINES)('the Atom feeds on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let sutra: Awaited<ReturnType<typeof createBook>>;
  let story: Awaited<ReturnType<typeof createBook>>;
  let hindi: Awaited<ReturnType<typeof createBook>>;

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
    publisher = await createPublisher(t.ctx, {
      publisher_no: engine === 'pglite' ? 'FEEDA' : 'FEEDB',
      publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર',
    });
    sutra = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'કલ્પસૂત્ર <b> & ]]>',
      book_e_title: 'Kalpasutra',
      language: 'Gujarati, Sanskrit',
      subjects: [{ id: 1 }],
      authors: [{ authorType: 1, author_name: 'ભદ્રબાહુ સ્વામી' }],
      price_kind: 'free',
    });
    story = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'બોધકથાઓ',
      book_e_title: 'Bodh Kathao',
      language: 'Gujarati',
      subjects: [{ id: 15 }],
    });
    const other = await createPublisher(t.ctx, { publisher_name: 'Jinvani Granthmala' });
    hindi = await createBook(
      t.ctx,
      other.publisherId,
      { book_title: 'भक्तामर स्तोत्र', book_e_title: 'Bhaktamar', language: 'Hindi', subjects: [{ id: 1 }] },
      { cover: false },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const jsbnsOf = (parsed: Parsed) => parsed.entries.map((entry) => entry.id);
  const urn = (book: { jsbn_number: string }) => `urn:jsbn:${formatJsbn(book.jsbn_number)}`;

  it('a publisher’s feed parses without error: QR page links, urn:jsbn ids, covers and a summary in the feed’s language', async () => {
    const reply = await get(`/feeds/publisher/${publisher.publisher_no.toLowerCase()}?lang=gu`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = await feedparser(reply.body);
    expect([parsed.bozo, parsed.exception]).toEqual([false, '']);
    expect(parsed.title).toBe('JSBN: શ્રી જૈન સાહિત્ય મંદિરનાં નવાં પુસ્તકો');
    expect(parsed.id).toBe(`https://jsbn.test/feeds/publisher/${publisher.publisher_no}?lang=gu`);
    expect(jsbnsOf(parsed)).toEqual([urn(story), urn(sutra)]); // newest first
    const [, first] = parsed.entries;
    expect(first).toMatchObject({
      title: 'કલ્પસૂત્ર <b> & ]]>',
      link: `https://jsbn.test/jsbn/${formatJsbn(sutra.jsbn_number)}`,
      authors: ['ભદ્રબાહુ સ્વામી'],
      tags: ['Agam'],
    });
    expect(first!.enclosures).toEqual([expect.stringMatching(/^https:\/\/jsbn\.test\/api\/files\/public\/covers\/[\w-]+\.jpg$/)]);
    // another site (a feed reader, a mail client) may show the cover
    const cover = await get(new URL(first!.enclosures[0]!).pathname);
    expect([cover.statusCode, cover.headers['content-type'], cover.headers['cross-origin-resource-policy']]).toEqual([
      200,
      'image/jpeg',
      'cross-origin',
    ]);
    expect(first!.summary).toContain('ભાષા: ગુજરાતી, સંસ્કૃત');
    expect(first!.summary).toContain('કિંમત: વિના મૂલ્યે + ટપાલ ખર્ચ');
    expect(first!.summary).toMatch(new RegExp(`<img [^>]*src="${first!.enclosures[0]}"`));
    // English by default, and only en, gu or hi
    expect((await feedparser((await get(`/feeds/publisher/${publisher.publisher_no}`)).body)).title).toBe(
      'JSBN: new books of શ્રી જૈન સાહિત્ય મંદિર',
    );
    const wrong = await get(`/feeds/publisher/${publisher.publisher_no}?lang=fr`);
    expect([wrong.statusCode, wrong.json().details]).toEqual([400, [{ field: 'lang', message: 'lang must be en, gu or hi' }]]);
    expect((await get('/feeds/publisher/NOONE')).statusCode).toBe(404);
  });

  it('feeds of all new books, a language and a subject hold the books that belong to them', async () => {
    const all = await feedparser((await get('/feeds/new?lang=hi')).body);
    expect(all.bozo).toBe(false);
    expect(all.title).toBe('JSBN: नव प्रकाशित पुस्तकें');
    expect(jsbnsOf(all).slice(0, 3)).toEqual([urn(hindi), urn(story), urn(sutra)]);
    // a book without a cover has no enclosure
    expect(all.entries[0]!.enclosures).toEqual([]);
    const gujarati = await feedparser((await get('/feeds/language/gujarati')).body);
    expect([gujarati.title, jsbnsOf(gujarati)]).toEqual(['JSBN: new books in Gujarati', [urn(story), urn(sutra)]]);
    const sanskrit = await feedparser((await get('/feeds/language/Sanskrit')).body);
    expect(jsbnsOf(sanskrit)).toEqual([urn(sutra)]);
    const agam = await feedparser((await get('/feeds/subject/agam?lang=gu')).body);
    expect(jsbnsOf(agam)).toEqual([urn(hindi), urn(sutra)]);
    const stories = await feedparser((await get('/feeds/subject/moral-stories')).body);
    expect([stories.bozo, stories.title, jsbnsOf(stories)]).toEqual([false, 'JSBN: new books on Moral stories', [urn(story)]]);
    for (const missing of ['/feeds/language/klingon', '/feeds/subject/astrophysics']) expect((await get(missing)).statusCode).toBe(404);
  });

  it('is cached like a public page: public Cache-Control, an ETag and 304, forgotten when a book changes', async () => {
    const url = `/feeds/publisher/${publisher.publisher_no}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe(FEED_CACHE_CONTROL);
    expect(FEED_CACHE_CONTROL).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w+/=]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);

    const fresh = await createBook(t.ctx, publisher.publisherId, { book_title: 'નવું પુસ્તક', book_e_title: 'Navu Pustak' });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(jsbnsOf(await feedparser(changed.body))[0]).toBe(urn(fresh));
  });

  it('a withdrawn book leaves the feeds, and so do a suspended publisher’s books and its feed', async () => {
    const operator = await createOperator(t.ctx);
    // cached first, so leaving is the cache forgetting
    expect(jsbnsOf(await feedparser((await get('/feeds/new')).body))).toContain(urn(story));
    await withdrawByOperator(t.ctx, operator.accountId, story.id, 'Registered twice', undefined);
    for (const url of [
      '/feeds/new',
      '/feeds/language/gujarati',
      `/feeds/publisher/${publisher.publisher_no}`,
      '/feeds/subject/moral-stories',
    ])
      expect(jsbnsOf(await feedparser((await get(url)).body))).not.toContain(urn(story));

    await suspendByOperator(t.ctx, operator.accountId, 'publisher', publisher.publisherId, 'Not a Jain publisher');
    expect((await get(`/feeds/publisher/${publisher.publisher_no}`)).statusCode).toBe(404);
    const all = await feedparser((await get('/feeds/new')).body);
    expect([all.bozo, jsbnsOf(all)]).toEqual([false, [urn(hindi)]]);
    await suspendByOperator(t.ctx, operator.accountId, 'publisher', publisher.publisherId, null);
  });

  it('a book’s QR page names its publisher’s feed, and the search page the feed of new books', async () => {
    const page = await get(`/jsbn/${formatJsbn(hindi.jsbn_number)}`);
    const other = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: formatJsbn(hindi.jsbn_number) } });
    const publisherNo = other.json().data.publisher_info.publisher_no as string;
    expect(page.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="JSBN: new books of Jinvani Granthmala" href="https://jsbn.test/feeds/publisher/${publisherNo}" />`,
    );
    const search = await get('/search-a-book', { 'accept-language': 'gu' });
    expect(search.body).toContain(
      '<link rel="alternate" type="application/atom+xml" title="JSBN: નવાં પ્રકાશિત પુસ્તકો" href="https://jsbn.test/feeds/new?lang=gu" />',
    );
  });
});
