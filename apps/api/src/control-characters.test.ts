/**
 * Control characters never reach a record: the API refuses them in a book's title
 * naming the field in the caller's language; migration 0018 takes them out of rows stored
 * before it; and a record that holds some anyway (written straight into the database) comes out
 * of every writer without them — the `.mrc` that `yaz-marcdump` reads has no injected subfield,
 * the publisher's whole MARCXML catalogue parses as XML 1.0, and the PDF, the Excel sheet, the
 * e-mail and the WhatsApp text carry none.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, formatJsbn, marcEndpoints } from '@jsbn/shared';
import { authors, book_authors, books, libraries, publishers } from './db/schema.js';
import { createBook, createLibrary, createPublisher } from './seed/factories.js';
import { createMailer } from './lib/mail.js';
import { sendWhatsapp } from './lib/whatsapp.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from './test/harness.js';
import { inject } from './test/inject.js';
import { mailText, startFakeWhatsapp, startSmtp, waitFor } from './test/servers.js';

/** The title of the issue: MARC's subfield delimiter and a code, then its field and record terminators. */
const INJECTED = 'Ctl\u001f9INJECTED\u001e\u001d';
/** Any control character a record may not hold (tab and line feed aside). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const work = mkdtempSync(join(tmpdir(), 'jsbn-controls-'));

/** yaz-marcdump of `bytes` with `args`; its exit status, standard output and standard error. */
function yaz(bytes: Buffer, name: string, args: string[]) {
  const file = join(work, name);
  writeFileSync(file, bytes);
  const result = spawnSync('yaz-marcdump', [...args, file], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The statements of migration 0018 as drizzle runs them. */
const MIGRATION = readFileSync(join(import.meta.dirname, 'db', 'migrations', '0018_control_characters.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

const bookFields = {
  book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર',
  book_e_title: 'Shri Uttaradhyayan Sutra',
  pages: '356',
  publication_year: '2024',
  language: 'Gujarati',
  type: 'AGM1',
  'subjects[0][id]': '1',
  'authors[0][authorType]': '1',
  'authors[0][author_name]': 'Sudharma Swami',
  readers: 'No',
};

describe.each(ENGINES)('control characters on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let pub: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'CTRLP' });
    pub = await tokenHeader(t, publisher);
  });
  afterAll(() => t.close());

  it("refuses them in a book's title, naming the field in the caller's language", async () => {
    const post = (language: string) =>
      inject(t.app, bookEndpoints.register, {
        body: form({ ...bookFields, book_title: INJECTED }),
        headers: { ...pub, 'accept-language': language },
      });
    const english = await post('en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      message: 'Book title must be one line, without tabs or other control characters.',
      details: [{ field: 'book_title', message: 'Book title must be one line, without tabs or other control characters' }],
    });
    expect((await post('gu')).json().details).toEqual([
      { field: 'book_title', message: 'પુસ્તકનું શીર્ષક: એક જ લીટીમાં લખો, ટૅબ કે બીજા નિયંત્રણ-અક્ષરો વગર' },
    ]);
    expect((await post('hi')).json().message).toBe('पुस्तक का शीर्षक: एक ही पंक्ति में लिखें, टैब या अन्य नियंत्रण-अक्षरों के बिना।');
    // a PDF link is a web address: http or https, never javascript: or data:
    for (const pdfurl of ['javascript:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==']) {
      const link = await inject(t.app, bookEndpoints.register, {
        body: form({ ...bookFields, readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'true', pdfurl }),
        headers: pub,
      });
      expect([link.statusCode, link.json().details]).toEqual([
        400,
        [{ field: 'pdfurl', message: 'PDF link must be a web address starting with http:// or https://' }],
      ]);
    }
    // nothing was registered
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(books)
      .where(eq(books.publisher_id, publisher.publisherId));
    expect(count!.n).toBe(0);
  });

  it('are taken out of rows stored before by migration 0018', async () => {
    const clean = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'સ્વચ્છ', book_e_title: 'Clean', authors: [{ authorType: 1, author_name: 'Hemchandracharya' }] },
      { cover: false },
    );
    const dirty = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'Dirty', book_e_title: 'Dirty', authors: [{ authorType: 1, author_name: 'Hemchandra charya x' }] },
      { cover: false },
    );
    const library = await createLibrary(t.ctx);
    // rows as an old release stored them, before the schemas refused control characters
    await t.ctx.db
      .update(books)
      .set({
        book_title: `${INJECTED}\u0085`,
        contents: 'One\r\nTwo\tthree\u0007',
        pdfurl: 'javascript:alert(document.cookie)',
        other_subject: 'a\nb',
      })
      .where(eq(books.id, dirty.id));
    await t.ctx.db.update(books).set({ pdfurl: 'https://example.org/clean.pdf' }).where(eq(books.id, clean.id));
    await t.ctx.db.execute(sql`update authors set author_name = ${'Hemchandra\u0001charya'} where author_name = ${'Hemchandra charya x'}`);
    await t.ctx.db.execute(sql`update book_authors set author_name = ${'Hemchandra\u0001charya'} where book_id = ${dirty.id}`);
    await t.ctx.db
      .update(libraries)
      .set({ name: 'Gyan\u001fBhandar', address: 'Line 1\r\nLine 2\u0002', letter_text: 'Pranam\n\tSangh\u001e' })
      .where(eq(libraries.id, library.libraryId));
    await t.ctx.db.update(publishers).set({ publisher_name: 'Prakashan\u007f Trust' }).where(eq(publishers.id, publisher.publisherId));

    for (const statement of MIGRATION) await t.ctx.db.execute(sql.raw(statement));

    const [book] = await t.ctx.db.select().from(books).where(eq(books.id, dirty.id));
    expect(book).toMatchObject({
      book_title: 'Ctl9INJECTED',
      contents: 'One\nTwo\tthree',
      pdfurl: null,
      other_subject: 'a b',
      search_version: 0,
    });
    const [kept] = await t.ctx.db
      .select({ pdfurl: books.pdfurl, search_version: books.search_version })
      .from(books)
      .where(eq(books.id, clean.id));
    expect(kept).toEqual({ pdfurl: 'https://example.org/clean.pdf', search_version: 2 });
    // the author whose name, cleaned, is another's joins that record
    const named = await t.ctx.db
      .select()
      .from(authors)
      .where(sql`${authors.author_name} like 'Hemchandra%'`);
    expect(named.map((author) => author.author_name)).toEqual(['Hemchandracharya']);
    const links = await t.ctx.db
      .select({ book: book_authors.book_id, author: book_authors.author_id, name: book_authors.author_name })
      .from(book_authors)
      .where(sql`${book_authors.book_id} in (${clean.id}, ${dirty.id})`);
    expect(links.map((link) => [link.author, link.name])).toEqual([
      [named[0]!.id, 'Hemchandracharya'],
      [named[0]!.id, 'Hemchandracharya'],
    ]);
    const [bhandar] = await t.ctx.db.select().from(libraries).where(eq(libraries.id, library.libraryId));
    expect([bhandar!.name, bhandar!.address, bhandar!.letter_text]).toEqual(['GyanBhandar', 'Line 1\nLine 2', 'Pranam\n\tSangh']);
    const [trust] = await t.ctx.db
      .select({ name: publishers.publisher_name })
      .from(publishers)
      .where(eq(publishers.id, publisher.publisherId));
    expect(trust!.name).toBe('Prakashan Trust');
  });

  describe('a record that holds them anyway', () => {
    let book: Awaited<ReturnType<typeof createBook>>;
    beforeAll(async () => {
      book = await createBook(t.ctx, publisher.publisherId, { book_title: 'Plain', book_e_title: 'Plain' }, { cover: false });
      // written straight into the database, past the schemas
      await t.ctx.db
        .update(books)
        .set({ book_title: INJECTED, book_e_title: `Roman${INJECTED}`, part: 'I\u001fII' })
        .where(eq(books.id, book.id));
      await t.ctx.db.update(book_authors).set({ author_name: `Author\u001fzX` }).where(eq(book_authors.book_id, book.id));
      t.ctx.publicPages.clear();
    });

    it('gives a .mrc that yaz-marcdump reads with no injected subfield', async () => {
      const reply = await inject(t.app, marcEndpoints.bookMrc, { params: { jsbnNo: formatJsbn(book.jsbn_number) } });
      expect(reply.statusCode).toBe(200);
      const dump = yaz(reply.rawPayload, 'record.mrc', ['-i', 'marc', '-o', 'line']);
      expect([dump.status, dump.err]).toEqual([0, '']);
      const title = dump.out.split('\n').find((line) => line.startsWith('245'));
      expect(title).toBe('245 10 $6 880-01 $a Ctl9INJECTED $n III');
      expect(dump.out).toContain('100 0  $a AuthorzX $e author');
      expect(dump.out).not.toMatch(/\$9/);
      expect(dump.out).not.toMatch(CONTROL);
    });

    it("gives the publisher's whole catalogue as MARCXML that parses as XML 1.0", async () => {
      const reply = await inject(t.app, marcEndpoints.catalogueXml, { params: { publisherId: publisher.publisherId } });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toMatch(/&#x(1[0-9a-f]|[0-8bcef]);/i);
      expect(reply.body).not.toMatch(CONTROL);
      // yaz-marcdump reads MARCXML with libxml2, which refuses what XML 1.0 does not allow
      const dump = yaz(reply.rawPayload, 'catalogue.xml', ['-i', 'marcxml', '-o', 'line']);
      expect([dump.status, dump.err]).toEqual([0, '']);
      expect(dump.out).toContain('$a Ctl9INJECTED');
    });

    it('gives a PDF and an Excel sheet without them', async () => {
      const sheet = await inject(t.app, bookEndpoints.sheetPdf, { params: { id: book.id } });
      expect(sheet.statusCode).toBe(200);
      const file = join(work, 'sheet.pdf');
      writeFileSync(file, sheet.rawPayload);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Ctl9INJECTED');
      expect(text.replace(/\f/g, '')).not.toMatch(CONTROL);

      const excel = await inject(t.app, bookEndpoints.catalogueXlsx, { params: { publisherId: publisher.publisherId } });
      expect(excel.statusCode).toBe(200);
      const xml = await (await JSZip.loadAsync(excel.rawPayload)).file('xl/worksheets/sheet1.xml')!.async('string');
      const strings = await (await JSZip.loadAsync(excel.rawPayload)).file('xl/sharedStrings.xml')?.async('string');
      const all = `${xml}${strings ?? ''}`;
      expect(all).toContain('Ctl9INJECTED');
      expect(all).not.toMatch(CONTROL);
      expect(all).not.toMatch(/_x00(0|1)[0-9a-f]_/i);
    });
  });
});

describe('messages that carry them anyway', () => {
  it('reach the mailbox and WhatsApp without them, the subject on one line', async () => {
    const [smtp, whatsapp] = await Promise.all([startSmtp(), startFakeWhatsapp()]);
    try {
      const mailer = createMailer(smtp.url, 'jsbn@example.test');
      await mailer.send({
        to: 'publisher@example.test',
        subject: `New order\r\nBcc: victim@example.test ${INJECTED}`,
        text: `Title: ${INJECTED}\nLine two\u0007`,
      });
      mailer.close();
      const mail = await waitFor(() => smtp.received[0], 10_000, 'the e-mail');
      expect(mail.to).toEqual(['publisher@example.test']);
      const raw = mail.raw.replace(/\r\n/g, '\n');
      expect(raw).toMatch(/^Subject: New order Bcc: victim@example.test Ctl9INJECTED$/m);
      expect(mailText(mail.raw).replace(/\r\n/g, '\n')).toContain('Title: Ctl9INJECTED\nLine two');
      expect(raw).not.toMatch(CONTROL);

      await sendWhatsapp({ apiUrl: whatsapp.url, token: 'token', phoneId: '1' }, { to: '9825012345', text: `Title: ${INJECTED}` });
      const sent = whatsapp.requests.find((request) => request.path.endsWith('/messages'))!;
      expect(JSON.parse(sent.body.toString()).text.body).toBe('Title: Ctl9INJECTED');
    } finally {
      await Promise.all([smtp.stop(), whatsapp.stop()]);
    }
  });
});
