/**
 * Search quality on the real catalogue (../shared/data/books.jsonl, 667 records; a built-in
 * sample of the records the queries need when the file is absent): each query must return its
 * record among the first 5 results — misspellings, parts of words, other scripts, English
 * titles, authors, publishers and JSBNs (apps/web/src/lib/paths.ts 'Search a Book', decisions/005-search.md).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints } from '@jsbn/shared/core';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { importCatalogue, type CatalogueRecord } from './import.js';
import { sharedCatalogue } from '../../test/catalogue.js';
import { rankByWords, rankWhole } from './search-results.js';
import { textQuery } from './search.js';

const r = (source_id: string, title: string, title_en: string, authors: string[], publisher: string, year: number): CatalogueRecord => ({
  source_id: `jainelibrary:${source_id}`,
  title,
  title_en,
  authors: authors.map((name) => ({ name, role: 'author' })),
  publisher,
  language: 'Sanskrit',
  year,
  pages: 100,
});

/** The records the queries below expect, copied from books.jsonl (used when it is absent). */
const SAMPLE: CatalogueRecord[] = [
  r('001014', 'पञ्चसंग्रह', 'Panchsangrah', ['Amitgati Acharya', 'Darbarilal Kothiya'], 'Manikchand Digambar Jain Granthamala Samiti', 1927),
  r('001574', 'तिलकमञ्जरी', 'Tilakmanjari', ['Dhanpal Mahakavi'], 'L D Indology Ahmedabad', 1991),
  r(
    '002202',
    'उत्तराध्ययन सूत्रम् भाग ०१',
    'Uttaradhyayan Sutram Part 01',
    ['Atmaramji Maharaj', 'Shiv Muni'],
    'Jain Shastramala Karyalay',
    2003,
  ),
  r(
    '002204',
    'उत्तराध्ययन सूत्रम् भाग ०३',
    'Uttaradhyayan Sutram Part 03',
    ['Atmaramji Maharaj', 'Shiv Muni'],
    'Jain Shastramala Karyalay',
    2003,
  ),
  r('002427', 'तत्त्वार्थसूत्र जैनागम समन्वय', 'Tattvartha Sutra Jainagam samanvay', ['Atmaramji Maharaj'], 'Ratnadevi Jain Ludhiyana', 1941),
  r('022021', 'तत्त्वार्थ वार्त्तिकम् भाग ०२', 'Tattvarth Varttikam Part 02', ['Akalankadev', 'Mahendrakumar Jain'], 'Bharatiya Gyanpith', 2009),
  r('001683', 'तत्त्वार्थाश्लोकवार्त्तिकम्', 'Tattvarthashloakvarttikam', ['Vidyanandi', 'Manoharlal'], 'Ramchandra Natharangji Mumbai', 1918),
  r('600393', 'कल्पसूत्रम्', 'Kalpasutram', ['Bhadrabahuswami', 'Mafatlal Zaverchand Gandhi'], 'Mukti Vimal Jain Granthmala', 1935),
  r('600394', 'कल्पसूत्रम्', 'Kalpasutram', ['Bhadrabahuswami', 'Vinayvijay'], 'Yashovijay Pustakalay', 1935),
  r('002772', 'कल्पसूत्रार्थप्रबोधिनी', 'Kalpasutrartha Prabodhini', ['Rajendrasuri'], 'Rajendra Pravachan Karyalay Khudala', 1933),
  r('009698', 'भक्तामर सूत्र', 'Bhaktamara Sutra', ['Mantungsuri', 'Yugchandravijay'], 'Bhadrankar Prakashan', 2010),
  r(
    '003015',
    'भक्तामर कल्याणमन्दिर नमिउण स्तोत्रत्रयम्',
    'Bhaktamara Kalyanmandir Namiun Stotratrayam',
    ['Hiralal R Kapadia'],
    'Devchand Lalbhai Pustakoddhar Fund',
    1932,
  ),
  r('600093', 'दशवैकालिकम्', 'Dashvaikalikam', ['Kanchanvijay', 'Kshemankarsagar'], 'Devchand Lalbhai Pustakoddhar Fund', 1954),
  r(
    '002206',
    'आचाराङ्ग सूत्रम् भाग ०१',
    'Acharang Sutram Part 01',
    ['Atmaramji Maharaj', 'Shiv Muni'],
    'Aatm Gyan Shraman Shiv Agam Prakashan Samiti',
    2003,
  ),
  r('002205', 'नन्दिसूत्रम्', 'Nandi Sutram', ['Atmaramji Maharaj', 'Shiv Muni'], 'Bhagwan Mahavir Meditation and Research Center', 2004),
  r('600097', 'नन्दिसूत्रम्', 'Nandisutram', ['Devvachak', 'Malaygiri'], 'Devchand Lalbhai Pustakoddhar Fund', 1969),
  r(
    '001123',
    'सिद्धहेम शब्दानुशासनम् लघुवृत्ति',
    'Siddhahem Sabdanushasana sah swopagnya San Laghuvrutti',
    ['Hemchandracharya', 'Jambuvijay'],
    'Hemchandracharya Jain Gyanmandir Patan',
    1994,
  ),
  r(
    '001456',
    'त्रिषष्टिशलाकापुरुषचरितमहाकाव्यम् पर्व 2 3 4',
    'Trishashtishalakapurushcharitammahakavyam Parva 2 3 4',
    ['Hemchandracharya', 'Punyavijay'],
    'Kalikal Sarvagya Shri Hemchandracharya Navam Janmashatabdi Smruti Sanskar Shikshannidhi Ahmedabad',
    1990,
  ),
  r('020383', 'इलातिपुत्र चरित्रम्', 'Ilatiputra Charitram', ['Shubhsheel Gani'], 'Shravak Hiralal Hansraj', 1935),
  r('003129', 'जैन तत्त्वविद्या', 'Jain Tattvavidya', ['Tulsi Acharya'], 'Adarsh Sahitya Sangh', 2008),
  r(
    '600374',
    'जैन तत्त्वसार ग्रन्थ सटिक',
    'Jain Tattva Saragranth Satik',
    ['Surchandra Gani', 'Manvijay Gani'],
    'Vardhaman Satya Niti Harshsuri Jain Granthmala',
    1941,
  ),
];

/** Gujarati books registered on top (the catalogue has no Gujarati title that can be imported). */
const GUJARATI = {
  yogashastra: { book_title: 'યોગશાસ્ત્ર', book_e_title: 'Yogashastra', authors: [{ authorType: 1, author_name: 'હેમચંદ્રાચાર્ય' }] },
  bhaktamar: {
    book_title: 'શ્રી ભક્તામર સ્તોત્ર',
    book_e_title: 'Shri Bhaktamar Stotra',
    authors: [{ authorType: 1, author_name: 'Mantungsuri' }],
  },
  kshamapana: { book_title: 'ક્ષમાપના', book_e_title: 'Forgiveness', authors: [{ authorType: 1, author_name: 'Chitrabhanu' }] },
};

/**
 * Each query and the records that must be in the first 5 results: any one of the listed
 * records, or (a RegExp) any book whose English title matches — for a query that several
 * editions of one work answer equally well.
 */
const QUERIES: { query: string; expect: string[] | RegExp; what: string }[] = [
  { query: 'Kalpsutra', expect: /^Kalpasutram?$/, what: 'misspelled English title' },
  { query: 'Kalpasutram', expect: ['600393', '600394'], what: 'English title' },
  { query: 'Tatvarth', expect: ['022021', '002427', '001683'], what: 'misspelled, part of a word' },
  { query: 'Tattvartha Sutra', expect: ['002427'], what: 'English title' },
  { query: 'तत्त्वार्थसूत्र', expect: ['002427'], what: 'Devanagari title' },
  { query: 'કલ્પસૂત્ર', expect: /kalpasutra/i, what: 'Gujarati query, Devanagari title' },
  { query: 'કલ્પસૂત્રમ્', expect: ['600393', '600394'], what: 'Gujarati query, Devanagari title' },
  { query: 'उत्तराध्ययन', expect: ['002202'], what: 'Devanagari word' },
  { query: 'ध्ययन', expect: ['002202'], what: 'middle of a Devanagari word' },
  { query: 'Uttaradhyayan Sutram Part 01', expect: ['002202'], what: 'full English title' },
  { query: 'Utaradhyayan', expect: ['002202'], what: 'misspelled title' },
  { query: 'Amitgati', expect: ['001014'], what: 'author' },
  { query: 'Amitgathi', expect: ['001014'], what: 'misspelled author' },
  { query: 'Manikchand Digambar', expect: ['001014'], what: 'publisher' },
  { query: 'पंचसंग्रह', expect: ['001014'], what: 'anusvara for ञ्च' },
  { query: 'Tilakmanjri', expect: ['001574'], what: 'misspelled English title' },
  { query: 'लकमञ्ज', expect: ['001574'], what: 'middle of a Devanagari word' },
  { query: 'Bhaktamar', expect: ['009698', '003015', 'gu:bhaktamar'], what: 'English prefix' },
  { query: 'dashvaikalik', expect: ['600093'], what: 'prefix, lower case' },
  { query: 'Acharang Sutra', expect: ['002206'], what: 'English title words' },
  { query: 'नन्दिसूत्र', expect: ['002205', '600097'], what: 'Devanagari prefix' },
  { query: 'trishashti', expect: ['001456'], what: 'start of a long compound' },
  { query: 'Ilatiputra Charitra', expect: ['020383'], what: 'English title prefix' },
  { query: 'Shubhsheel', expect: ['020383'], what: 'author' },
  { query: 'Yogshastra', expect: /^Yog(a)?shastra/, what: 'English title, Gujarati book among them' },
  { query: 'Kshamapna', expect: ['gu:kshamapana'], what: 'misspelled romanised Gujarati title' },
  { query: 'યોગશા', expect: ['gu:yogashastra'], what: 'part of a Gujarati word' },
  { query: 'योगशास्त्र', expect: ['gu:yogashastra'], what: 'Devanagari query, Gujarati title' },
  { query: 'ક્ષમા', expect: ['gu:kshamapana'], what: 'Gujarati conjunct prefix' },
  { query: 'kshamapana', expect: ['gu:kshamapana'], what: 'romanised Gujarati title' },
  { query: 'હેમચંદ્રાચાર્ય', expect: ['gu:yogashastra'], what: 'Gujarati author' },
];

describe.each(ENGINES)('search quality on %s', (engine) => {
  let t: TestApp;
  const idOf = new Map<string, number>();
  const englishTitleOf = new Map<number, string>();
  const jsbnOf = new Map<string, string>();
  let records: (CatalogueRecord | Error)[];
  let real: boolean;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ records, real } = sharedCatalogue(SAMPLE, 'search-quality.test.ts'));
    const report = await importCatalogue(t.ctx, records);
    const listed = await inject(t.app, bookEndpoints.list, { query: { limit: 'all' } });
    const byId = new Map((listed.json().data.books as { id: number; jsbn_number: string }[]).map((book) => [book.id, book.jsbn_number]));
    const imported = records.filter(
      (record, index): record is CatalogueRecord =>
        !(record instanceof Error) && !report.rejected.some((rejection) => rejection.line === index + 1),
    );
    imported.forEach((record, index) => {
      const key = record.source_id?.replace('jainelibrary:', '') ?? `line:${index}`;
      idOf.set(key, report.bookIds[index]!);
      jsbnOf.set(key, byId.get(report.bookIds[index]!)!);
    });
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Shrut Gyan Prakashan' });
    for (const [key, fields] of Object.entries(GUJARATI)) {
      const book = await createBook(t.ctx, publisher.publisherId, fields, { cover: false });
      idOf.set(`gu:${key}`, book.id);
    }
    const all = await inject(t.app, bookEndpoints.list, { query: { limit: 'all' } });
    for (const book of all.json().data.books as { id: number; book_e_title: string }[]) englishTitleOf.set(book.id, book.book_e_title);
    // the planner's statistics, as autovacuum keeps them for a running catalogue (search reads its size)
    await t.ctx.db.execute(sql`analyze books`);
  }, 300_000);
  afterAll(() => t.close());

  const top5 = async (query: string) => {
    const response = await inject(t.app, bookEndpoints.list, { query: { queryString: query, limit: '50' } });
    expect(response.statusCode).toBe(200);
    return (response.json().data.books as { id: number }[]).slice(0, 5).map((book) => book.id);
  };

  it('imports every expected record', () => {
    for (const { expect: keys } of QUERIES) if (Array.isArray(keys)) for (const key of keys) expect(idOf.has(key), key).toBe(true);
    expect(records.length).toBe(real ? 667 : SAMPLE.length);
  });

  it.each(QUERIES)('finds $expect for $query ($what) in the first 5', async ({ query, expect: keys }) => {
    const found = await top5(query);
    const wanted = Array.isArray(keys)
      ? keys.map((key) => idOf.get(key))
      : [...englishTitleOf].filter(([, title]) => keys.test(title)).map(([id]) => id);
    expect(wanted.length).toBeGreaterThan(0);
    expect(
      wanted.some((id) => found.includes(id!)),
      `${query}: top 5 ${JSON.stringify(found)} has none of ${JSON.stringify(wanted)}`,
    ).toBe(true);
  });

  it('finds a book by its JSBN with or without hyphens, in any case', async () => {
    const jsbn = jsbnOf.get('001574')!;
    for (const query of [jsbn, jsbn.replaceAll('-', '').toLowerCase(), jsbn.slice(0, 11)]) {
      expect(await top5(query), query).toContain(idOf.get('001574'));
    }
  });

  it('ranks a one-word search from the word index exactly as from the books', async () => {
    // the queries above of one word, and words of the catalogue's vocabulary (whole, and parts of them)
    const vocabulary = await t.ctx.db.execute(
      sql`select word from search_words where books > 0 and char_length(word) >= 5 order by md5(word) limit 60`,
    );
    const sampled = (vocabulary as { rows: { word: string }[] }).rows.flatMap(({ word }) => [word, word.slice(1, -1)]);
    const queries = [...QUERIES.map(({ query }) => query), ...sampled, 'Shri', 'सूत्र', 'ભક્તામર', 'gvi'];
    let compared = 0;
    for (const query of queries) {
      const text = await textQuery(t.ctx.db, query);
      if (!text.words) continue;
      const fromBooks = await rankWhole(t.ctx.db, text.where, text.rank, 10_000);
      const fromWords = await rankByWords(t.ctx.db, text.words, 10_000);
      // the first few alone, each word read only as far as they need
      expect((await rankByWords(t.ctx.db, text.words, 3)).ids, query).toEqual(fromWords.ids.slice(0, 3));
      // the letters of a JSBN are no word (it has digits): the word index does not find them
      // there ('gvi' in VGVI1-00001-D), the books' text did when another word held them too
      const inJsbn = await t.ctx.db.execute(
        sql`select id from books where lower(jsbn_number) like any(${sql.param(text.words.map(({ pattern }) => `%${pattern}%`))}::text[])`,
      );
      const jsbnOnly = (inJsbn as { rows: { id: number }[] }).rows.map(({ id }) => id).filter((id) => !fromWords.ids.includes(id));
      const expected = fromBooks.ids.filter((id) => !jsbnOnly.includes(id));
      expect(fromWords, query).toEqual({ ids: expected, matches: expected.length });
      if (query === 'gvi') expect(jsbnOnly.length).toBeGreaterThan(0);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
    // the index holds exactly the rows of every book as the trigger writes them
    const differing = await t.ctx.db.execute(sql`
      select count(*)::int as n from (
        (select * from search_postings except all select p.* from books b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) p)
        union all
        (select p.* from books b, jsbn_book_postings(b.search_text, b.title_text, b.book_title, b.created_at, b.id) p except all select * from search_postings)
      ) as d`);
    expect((differing as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('ranks the exact title first and finds nothing for nonsense', async () => {
    expect((await top5('Tilakmanjari'))[0]).toBe(idOf.get('001574'));
    expect((await top5('तिलकमञ्जरी'))[0]).toBe(idOf.get('001574'));
    expect(await top5('qqqxxzzv')).toEqual([]);
  });
});
