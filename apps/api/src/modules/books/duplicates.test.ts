/**
 * The duplicate check's candidates through the titles' word index (decision 054): a title's
 * words are the index's words as the vocabulary splits them, numbers kept; the check finds a
 * book whose titles hold each word (as typed, romanised, corrected) and each number in any of
 * its written forms ('01' is part 1), and never a book of another part.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { similarBooks } from './duplicates.js';

describe.each(ENGINES)('the duplicate check on %s', (engine) => {
  let t: TestApp;
  let partOne: { id: number };
  let vachana: { id: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'DUPWI', publisher_name: 'Shrutgyan Prakashan' });
    partOne = await createBook(
      t.ctx,
      publisher.publisherId,
      {
        book_title: 'શ્રી કલ્પસૂત્ર ભાગ 01',
        book_e_title: 'Shri Kalpasutra Part 01',
        authors: [{ authorType: 1, author_name: 'ભદ્રબાહુ સ્વામી' }],
      },
      { cover: false },
    );
    await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'શ્રી કલ્પસૂત્ર ભાગ 2', book_e_title: 'Shri Kalpasutra Part 2', authors: [{ authorType: 1, author_name: 'ભદ્રબાહુ સ્વામી' }] },
      { cover: false },
    );
    vachana = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'वचनामृत-संग्रह', book_e_title: 'Vachanamrut Sangrah', authors: [{ authorType: 1, author_name: 'Shrimad Rajchandra' }] },
      { cover: false },
    );
  });
  afterAll(() => t.close());

  const found = async (title: string, author: string) =>
    (await similarBooks(t.ctx.db, { title, authors: [author] })).map((book) => book.id).sort((a, b) => a - b);

  it("splits a title's words as the vocabulary does, numbers kept", async () => {
    const result = await t.ctx.db.execute(sql`select jsbn_title_words(${'શ્રી કલ્પસૂત્ર ભાગ 01 • kalpa-sutra, bhaga 01।'}) as words`);
    const [row] = (result as { rows: { words: string[] }[] }).rows;
    expect([...row!.words].sort()).toEqual(['01', 'bhaga', 'kalpa', 'sutra', 'ભાગ', 'કલ્પસૂત્ર', 'શ્રી'].sort());
  });

  it('finds part 1 written 01, in another script or romanised, and never part 2', async () => {
    expect(await found('श्री कल्पसूत्र भाग 1', 'भद्रबाहु स्वामी')).toEqual([partOne.id]);
    expect(await found('Shri Kalpasutra Bhaga 001', 'Bhadrabahu Swami')).toEqual([partOne.id]);
    expect(await found('Shri Kalpasutra Part 3', 'Bhadrabahu Swami')).toEqual([]);
  });

  it('finds a title misspelt, and a word of it inside a longer word of the titles', async () => {
    expect(await found('Vachnamrut Sangrah', 'Shrimad Rajchandra')).toEqual([vachana.id]);
    expect(await found('वचनामृत संग्रह', 'Shrimad Rajchandra')).toEqual([vachana.id]);
  });
});
