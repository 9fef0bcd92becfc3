import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn, type HistoryEntry } from '@jsbn/shared';
import { accountEndpoints, bookEndpoints, libraryEndpoints, operatorEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createOperator, createPublisher } from '../../seed/factories.js';
import { accounts, audit_log, publishers } from '../../db/schema.js';
import { ENGINES, createTestApp, editProfile, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { importCatalogue } from '../books/import.js';
import { cityIdByName, stateIdByName } from '../lookups/geo.js';
import { withdrawBook } from '../books/withdrawal.js';
import { BOOK_FORM_FIELDS } from '../../test/book-form.js';

type Headers = Record<string, string>;
const GUJARAT = stateIdByName('Gujarat')!;

const bookForm = BOOK_FORM_FIELDS;

describe.each(ENGINES)('the record of changes on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let other: Awaited<ReturnType<typeof createPublisher>>;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  let pub: Headers;
  let otherPub: Headers;
  let lib: Headers;
  let op: Headers;
  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_name: 'શ્રી જૈન પ્રકાશન' });
    other = await createPublisher(t.ctx);
    library = await createLibrary(t.ctx, { name: 'શ્રી જ્ઞાન ભંડાર' });
    operator = await createOperator(t.ctx);
    [pub, otherPub, lib] = await Promise.all([tokenHeader(t, publisher), tokenHeader(t, other), tokenHeader(t, library)]);
    op = { authorization: `Bearer ${operator.token}` };
  });
  afterAll(() => t.close());

  const history = (bookId: number, headers?: Headers) =>
    inject(t.app, operatorEndpoints.bookHistory, { params: { id: bookId }, ...(headers ? { headers } : {}) });
  const operatorList = async (query: Record<string, string | number>) => {
    const response = await inject(t.app, operatorEndpoints.history, { raw: true, headers: op, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { entries: HistoryEntry[]; nextCursor: number | null };
  };
  const change = (entry: HistoryEntry, field: string) => entry.changes.find((item) => item.field === field);

  it('shows a book edited three times as three entries, newest first, each field before → after', async () => {
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'શ્રી કલ્પસૂત્ર', book_e_title: 'Shri Kalpasutra' });
    const titles = ['શ્રી બારસા સૂત્ર', 'કલ્પસૂત્ર સુબોધિકા', 'श्री कल्पसूत्र'];
    for (const [index, title] of titles.entries()) {
      const response = await inject(t.app, bookEndpoints.update, {
        params: { id: book.id },
        headers: pub,
        body: form({ ...bookForm, book_title: title, pages: String(301 + index) }),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const response = await history(book.id, pub);
    expect(response.statusCode).toBe(200);
    const entries = response.json().data.entries as HistoryEntry[];
    expect(entries.map((entry) => entry.action)).toEqual(['updated', 'updated', 'updated', 'created']);
    expect(entries.map((entry) => change(entry, 'book_title'))).toEqual([
      { field: 'book_title', before: 'કલ્પસૂત્ર સુબોધિકા', after: 'श्री कल्पसूत्र' },
      { field: 'book_title', before: 'શ્રી બારસા સૂત્ર', after: 'કલ્પસૂત્ર સુબોધિકા' },
      { field: 'book_title', before: 'શ્રી કલ્પસૂત્ર', after: 'શ્રી બારસા સૂત્ર' },
      { field: 'book_title', before: null, after: 'શ્રી કલ્પસૂત્ર' },
    ]);
    expect(change(entries[0]!, 'pages')).toEqual({ field: 'pages', before: 302, after: 303 });
    // the first edit also set the form's type and authors: only what changed is listed
    expect(change(entries[1]!, 'book_e_title')).toBeUndefined();
    expect(entries[0]!.who).toEqual({ role: 'PUBLISHER', name: 'શ્રી જૈન પ્રકાશન' });
    expect(entries[0]!.reason).toBeNull();
    expect(new Date(entries[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(entries[3]!.at).getTime());

    // availability is a change of the book too
    const available = (await history(book.id, pub))
      .json()
      .data.entries[3].changes.find((item: { field: string }) => item.field === 'is_available').after as boolean;
    expect(
      (await inject(t.app, bookEndpoints.update, { params: { id: book.id }, headers: pub, body: { isAvailable: !available } })).statusCode,
    ).toBe(200);
    const [latest] = (await history(book.id, pub)).json().data.entries as HistoryEntry[];
    expect(latest!.changes).toEqual([{ field: 'is_available', before: available, after: !available }]);
  });

  it('answers a book history only to its publisher: 401 without a token, 403 for a library or operator, 404 for another publisher', async () => {
    const book = await createBook(t.ctx, publisher.publisherId);
    expect((await history(book.id)).statusCode).toBe(401);
    expect((await history(book.id, lib)).statusCode).toBe(403);
    expect((await history(book.id, op)).statusCode).toBe(403);
    const stranger = await history(book.id, otherPub);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Book not found');
    expect((await history(99_999_999, pub)).json().message).toBe('Book not found');
    for (const endpoint of [operatorEndpoints.history, operatorEndpoints.historyCsv]) {
      expect((await inject(t.app, endpoint)).statusCode).toBe(401);
      expect((await inject(t.app, endpoint, { headers: pub })).statusCode).toBe(403);
      expect((await inject(t.app, endpoint, { headers: lib })).statusCode).toBe(403);
      expect((await inject(t.app, endpoint, { headers: op })).statusCode).toBe(200);
    }
  });

  it("records an order's creation and each change of its status", async () => {
    const book = await createBook(t.ctx, publisher.publisherId);
    const placed = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: { orders: [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 2 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;
    expect(
      (await inject(t.app, orderEndpoints.setStatus, { params: { id: orderId }, headers: pub, body: { status: 'IN_PROGRESS' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(t.app, orderEndpoints.setStatus, { params: { id: orderId }, headers: pub, body: { status: 'DISPATCHED' } })).statusCode,
    ).toBe(200);
    const { entries } = await operatorList({ subjectType: 'order', subjectId: orderId });
    expect(
      entries.map((entry) => [
        entry.action,
        entry.who.role,
        entry.who.name,
        change(entry, 'status')?.before,
        change(entry, 'status')?.after,
      ]),
    ).toEqual([
      ['status changed', 'PUBLISHER', 'શ્રી જૈન પ્રકાશન', 'IN_PROGRESS', 'DISPATCHED'],
      ['status changed', 'PUBLISHER', 'શ્રી જૈન પ્રકાશન', 'REQUESTED', 'IN_PROGRESS'],
      ['created', 'LIBRARY', 'શ્રી જ્ઞાન ભંડાર', null, 'REQUESTED'],
    ]);
    expect(change(entries[2]!, 'copies')).toEqual({ field: 'copies', before: null, after: 2 });
    expect(entries[2]!.who.accountId).toBe(library.accountId);
  });

  it("records publisher and library profile changes, never an Aadhaar number's value", async () => {
    // the profile as created, renamed, with an Aadhaar number
    const saved = await editProfile(t.app, 'publisher', pub, { publisher_name: 'શ્રી જૈન પ્રકાશન ટ્રસ્ટ', aadhar_no: '123412341234' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = (await operatorList({ subjectType: 'publisher', subjectId: publisher.publisherId })).entries;
    expect(entry!.action).toBe('updated');
    expect(change(entry!, 'publisher_name')).toEqual({ field: 'publisher_name', before: 'શ્રી જૈન પ્રકાશન', after: 'શ્રી જૈન પ્રકાશન ટ્રસ્ટ' });
    expect(change(entry!, 'aadhar_no')).toEqual({ field: 'aadhar_no', before: null, after: '•••' });
    expect(change(entry!, 'address')).toBeUndefined();
    // the entry names the publisher by the name it has now
    expect(entry!.who.name).toBe('શ્રી જૈન પ્રકાશન ટ્રસ્ટ');

    const letter = await inject(t.app, libraryEndpoints.saveLetterhead, {
      headers: lib,
      body: { text: 'આદરણીય પ્રકાશક, અમારા જ્ઞાન ભંડાર માટે નીચેનાં પુસ્તકો મોકલશો.' },
    });
    expect(letter.statusCode, letter.body).toBe(200);
    const libraryChanges = { name: 'શ્રી જ્ઞાન ભંડાર', sanchalak_address: 'Upashray', address: 'Palitana', number_of_books: '1500' };
    expect((await editProfile(t.app, 'library', lib, libraryChanges)).statusCode).toBe(200);
    const libraryEntries = (await operatorList({ subjectType: 'library', subjectId: library.libraryId })).entries;
    expect(libraryEntries.map((item) => item.changes.map((c) => c.field).sort())).toEqual([
      ['address', 'number_of_books', 'sanchalak_address'],
      ['letter_text'],
    ]);
    expect(change(libraryEntries[0]!, 'number_of_books')).toEqual({ field: 'number_of_books', before: 1200, after: 1500 });
    expect(change(libraryEntries[1]!, 'letter_text')?.after).toBe('આદરણીય પ્રકાશક, અમારા જ્ઞાન ભંડાર માટે નીચેનાં પુસ્તકો મોકલશો.');
  });

  it('keeps the name and e-mail an actor had when it acted: a later rename shows beside it, never instead', async () => {
    const renamed = await createPublisher(t.ctx, { publisher_name: 'Shri Mahavir Prakashan' });
    const headers = await tokenHeader(t, renamed);
    const book = await createBook(t.ctx, renamed.publisherId, { book_title: 'Uttaradhyayan Sutra', book_e_title: 'Uttaradhyayan Sutra' });
    const edited = await inject(t.app, bookEndpoints.update, {
      params: { id: book.id },
      headers,
      body: form({ ...bookForm, book_title: 'Uttaradhyayan Sutra Bhag 1' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.ctx.db.update(publishers).set({ publisher_name: 'Shri Vardhaman Prakashan' }).where(eq(publishers.id, renamed.publisherId));
    await t.ctx.db.update(accounts).set({ email: 'vardhaman@example.test' }).where(eq(accounts.id, renamed.accountId));

    const [entry] = (await history(book.id, headers)).json().data.entries as HistoryEntry[];
    expect(entry!.action).toBe('updated');
    expect(entry!.who).toEqual({ role: 'PUBLISHER', name: 'Shri Mahavir Prakashan', currentName: 'Shri Vardhaman Prakashan' });
    const [listed] = (await operatorList({ subjectType: 'book', subjectId: book.id })).entries;
    expect(listed!.who).toEqual({
      role: 'PUBLISHER',
      name: 'Shri Mahavir Prakashan',
      currentName: 'Shri Vardhaman Prakashan',
      accountId: renamed.accountId,
      email: renamed.email,
    });
    // an entry written before the actor's name was kept (migration 0032) shows today's name
    await t.ctx.db.insert(audit_log).values({
      actor_account_id: renamed.accountId,
      actor_role: 'PUBLISHER',
      subject_type: 'book',
      subject_id: book.id,
      action: 'updated',
    });
    const [old] = (await history(book.id, headers)).json().data.entries as HistoryEntry[];
    expect(old!.who).toEqual({ role: 'PUBLISHER', name: 'Shri Vardhaman Prakashan' });
  });

  it('records a password change as an action, without the password or its hash', async () => {
    const account = await createLibrary(t.ctx);
    const headers = await tokenHeader(t, account);
    const changed = await inject(t.app, accountEndpoints.changePassword, {
      headers,
      body: { oldPassword: account.password, newPassword: 'Gyan@Bhandar#2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = (await operatorList({ subjectType: 'account', subjectId: account.accountId })).entries;
    expect(entry).toMatchObject({ action: 'password changed', changes: [], who: { role: 'LIBRARY', accountId: account.accountId } });
    const rows = await t.ctx.db.select().from(audit_log);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('Gyan@Bhandar#2026');
    expect(stored).not.toContain('$argon2');
  });

  it('records a catalogue import as one entry per publisher of each batch, by the system', async () => {
    const report = await importCatalogue(t.ctx, [
      {
        source_id: 'history:1',
        title: 'ગ્રંથ ૧',
        title_en: 'Granth 1',
        authors: [{ name: 'Muni Punyavijay', role: 'editor' }],
        publisher: 'Shrutgyan Trust Palitana',
        language: 'Gujarati',
        year: 1960,
        pages: 80,
      },
      {
        source_id: 'history:2',
        title: 'ગ્રંથ ૨',
        title_en: 'Granth 2',
        authors: [{ name: 'Muni Punyavijay', role: 'editor' }],
        publisher: 'Shrutgyan Trust Palitana',
        language: 'Gujarati',
        year: 1961,
        pages: 90,
      },
    ]);
    expect(report.imported).toBe(2);
    const { entries } = await operatorList({ action: 'books imported' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      who: { role: 'SYSTEM', name: 'System', accountId: null },
      subject: { type: 'publisher' },
      reason: 'catalogue import',
    });
    expect(change(entries[0]!, 'books')).toEqual({ field: 'books', before: null, after: 2 });
  });

  it("filters the operators' list by actor, action and days, a page at a time, and 400s a bad filter naming it", async () => {
    const book = await createBook(t.ctx, other.publisherId, { book_title: 'યોગશાસ્ત્ર', book_e_title: 'Yogashastra' });
    for (const pages of ['120', '121', '122']) {
      await inject(t.app, bookEndpoints.update, {
        params: { id: book.id },
        headers: otherPub,
        body: form({ ...bookForm, book_title: 'યોગશાસ્ત્ર', pages }),
      });
    }
    const all = await operatorList({ actor: other.accountId, subjectType: 'book' });
    expect(all.entries.map((entry) => entry.action)).toEqual(['updated', 'updated', 'updated', 'created']);
    const first = await operatorList({ actor: other.accountId, subjectType: 'book', action: 'updated', limit: 2 });
    expect(first.entries.map((entry) => change(entry, 'pages')?.after)).toEqual([122, 121]);
    const second = await operatorList({
      actor: other.accountId,
      subjectType: 'book',
      action: 'updated',
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(second.entries.map((entry) => change(entry, 'pages')?.after)).toEqual([120]);
    expect(second.nextCursor).toBeNull();
    // days are India's: today (in India) has them, yesterday none
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await operatorList({ actor: other.accountId, from: today, to: today })).entries).toHaveLength(4);
    expect((await operatorList({ actor: other.accountId, to: yesterday })).entries).toHaveLength(0);
    const bad = await inject(t.app, operatorEndpoints.history, { headers: op, query: { from: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'from', message: 'From is not a date' }]);
    const badType = await inject(t.app, operatorEndpoints.history, { raw: true, headers: op, query: { subjectType: 'shelf' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().details[0].field).toBe('subjectType');
  });

  it("names each entry's record and finds the record by a JSBN or an e-mail, in the asker's language when refused", async () => {
    const named = await createPublisher(t.ctx, { publisher_name: 'Jinvani Granthmala', email: 'jinvani@history.test' });
    const namedPub = await tokenHeader(t, named);
    const book = await createBook(t.ctx, named.publisherId, { book_title: 'ભક્તામર સ્તોત્ર', book_e_title: 'Bhaktamar Stotra' });
    const jsbn = formatJsbn(book.jsbn_number);
    await inject(t.app, bookEndpoints.update, {
      params: { id: book.id },
      headers: namedPub,
      body: form({ ...bookForm, book_title: 'ભક્તામર સ્તોત્ર', pages: '99' }),
    });
    const renamed = await editProfile(t.app, 'publisher', namedPub, {
      publisher_name: 'Jinvani Granthmala Trust',
      address: 'Johari Bazar',
      pincode: '302003',
      landline_no: '01412345678',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // by the JSBN, as typed: any case, without hyphens; the book's entries only, the book named
    const byJsbn = await operatorList({ q: jsbn.replaceAll('-', '').toLowerCase() });
    expect(byJsbn.entries.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(byJsbn.entries.map((entry) => entry.subject)).toEqual([
      { type: 'book', id: book.id, name: `ભક્તામર સ્તોત્ર · ${jsbn}` },
      { type: 'book', id: book.id, name: `ભક્તામર સ્તોત્ર · ${jsbn}` },
    ]);
    // by the e-mail: what the account did (its book) and what was done to its publisher, named as today
    const byEmail = await operatorList({ q: ' Jinvani@History.test ' });
    expect(byEmail.entries.length).toBeGreaterThanOrEqual(3);
    expect(byEmail.entries.every((entry) => entry.who.accountId === named.accountId || entry.subject.id === named.publisherId)).toBe(true);
    expect(byEmail.entries.find((entry) => entry.subject.type === 'publisher')?.subject.name).toBe('Jinvani Granthmala Trust');
    expect(byEmail.entries.find((entry) => entry.subject.type === 'book')?.subject.name).toBe(`ભક્તામર સ્તોત્ર · ${jsbn}`);
    // filters still apply beside a search
    expect((await operatorList({ q: 'jinvani@history.test', subjectType: 'book', action: 'created' })).entries).toHaveLength(1);
    // a JSBN or an e-mail nobody has: nothing, not an error
    expect((await operatorList({ q: 'ZZZ99-99999-9' })).entries).toEqual([]);
    expect((await operatorList({ q: 'nobody@history.test' })).entries).toEqual([]);
    // anything else: 400 naming the field, in the operator's language
    const bad = await inject(t.app, operatorEndpoints.history, { raw: true, headers: op, query: { q: 'Bhaktamar' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'q', message: 'Search by a JSBN or an e-mail address' }]);
    const badGu = await inject(t.app, operatorEndpoints.history, {
      raw: true,
      headers: { ...op, 'accept-language': 'gu' },
      query: { q: 'Bhaktamar' },
    });
    expect(badGu.json().details).toEqual([{ field: 'q', message: 'JSBN કે ઈ-મેઇલ સરનામાથી શોધો' }]);
    // the CSV takes the same search
    const csv = await inject(t.app, operatorEndpoints.historyCsv, { headers: op, query: { q: jsbn } });
    const rows = csv.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(rows.slice(1).every((line) => line.includes(`,book,${book.id},ભક્તામર સ્તોત્ર · ${jsbn},`))).toBe(true);
  });

  /** GET /api/operator/history.csv of one book's entries, as the operator, in `language` when given. */
  const bookHistoryCsv = (bookId: number, language?: string) =>
    inject(t.app, operatorEndpoints.historyCsv, {
      headers: language ? { ...op, 'accept-language': language } : op,
      query: { subjectType: 'book', subjectId: bookId },
    });

  it('exports the filtered record as CSV: UTF-8 with a BOM, the header, Gujarati intact', async () => {
    const book = await createBook(t.ctx, other.publisherId, { book_title: 'ઉત્તરાધ્યયન સૂત્ર', book_e_title: 'Uttaradhyayan Sutra' });
    const response = await bookHistoryCsv(book.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="jsbn-history.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\n');
    expect(lines[0]).toBe('at,role,who,account,subject,subject_id,subject_name,action,field,before,after,reason,before_raw,after_raw');
    const title = lines.find((line) => line.includes(',book_title,'));
    expect(title).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[^,]+,PUBLISHER,Publisher [^,]+,${other.accountId},book,${book.id},ઉત્તરાધ્યયન સૂત્ર · ${formatJsbn(book.jsbn_number)},created,book_title,,ઉત્તરાધ્યયન સૂત્ર,,,ઉત્તરાધ્યયન સૂત્ર$`,
      ),
    );
    // a list reads as names; its raw value is one cell, quoted as CSV quotes it
    expect(lines.find((line) => line.includes(',authors,'))).toMatch(/,authors,,Bhadrabahu Swami,,,"\[""Bhadrabahu Swami""\]"$/);
    // codes read as words, the codes themselves beside them; a file is 'Added', not its storage name
    expect(lines.find((line) => line.includes(',type,'))).toMatch(/,type,,આગમ — Agam \(canonical text\),,,AGM1$/);
    expect(lines.find((line) => line.includes(',readers,'))).toMatch(/,readers,,No,,,No$/);
    expect(lines.find((line) => line.includes(',book_published,'))).toMatch(/,book_published,,No,,,false$/);
    expect(lines.find((line) => line.includes(',cover,'))).toMatch(/,cover,,Added,,,[\w-]+\.jpg$/);
  });

  it('writes a value that Excel would run as a formula after an apostrophe', async () => {
    const book = await createBook(t.ctx, other.publisherId, {
      book_title: '=HYPERLINK("https://evil.example","Open")',
      book_e_title: '@SUM(A1)',
    });
    const response = await bookHistoryCsv(book.id);
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').split('\n');
    expect(lines.find((line) => line.includes(',book_title,'))).toMatch(
      /,book_title,,"'=HYPERLINK\(""https:\/\/evil\.example"",""Open""\)",/,
    );
    expect(lines.find((line) => line.includes(',book_e_title,'))).toMatch(/,book_e_title,,'@SUM\(A1\),/);
  });

  it("writes the CSV's values in the asker's language (Gujarati, Hindi)", async () => {
    const book = await createBook(t.ctx, other.publisherId, {
      book_title: 'દશવૈકાલિક સૂત્ર',
      book_e_title: 'Dashavaikalik Sutra',
      subjects: [{ id: 1 }],
    });
    const csvIn = async (language: string) => {
      const response = await bookHistoryCsv(book.id, language);
      expect(response.statusCode).toBe(200);
      return response.rawPayload.subarray(3).toString('utf8').split('\n');
    };
    const gu = await csvIn('gu');
    expect(gu.find((line) => line.includes(',type,'))).toMatch(/,type,,આગમ \(મૂળ શાસ્ત્રગ્રંથ\),,,AGM1$/);
    expect(gu.find((line) => line.includes(',language,'))).toMatch(/,language,,ગુજરાતી,,,Gujarati$/);
    expect(gu.find((line) => line.includes(',subjects,'))).toMatch(/,subjects,,આગમ,,,"\[""Agam""\]"$/);
    expect(gu.find((line) => line.includes(',cover,'))).toMatch(/,cover,,ઉમેર્યું,,,/);
    const hi = await csvIn('hi');
    expect(hi.find((line) => line.includes(',type,'))).toMatch(/,type,,आगम \(मूल शास्त्र-ग्रंथ\),,,AGM1$/);
    expect(hi.find((line) => line.includes(',readers,'))).toMatch(/,readers,,नहीं,,,No$/);
  });

  it('names the ids a reader cannot read: a state and a city by name, a book by its JSBN', async () => {
    const owner = await createPublisher(t.ctx);
    const headers = await tokenHeader(t, owner);
    const saved = await editProfile(t.app, 'publisher', headers, {
      publisher_name: 'Shri Mumbai Jain Sangh',
      publisher_type: 'Sangh',
      address: 'Walkeshwar',
      state: String(stateIdByName('Maharashtra')),
      city: String(cityIdByName(stateIdByName('Maharashtra')!, 'Mumbai')),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = (await operatorList({ subjectType: 'publisher', subjectId: owner.publisherId })).entries;
    expect(change(entry!, 'state_id')).toEqual({
      field: 'state_id',
      before: GUJARAT,
      after: stateIdByName('Maharashtra'),
      beforeText: 'Gujarat',
      afterText: 'Maharashtra',
    });
    expect(change(entry!, 'city_id')).toMatchObject({ beforeText: 'Ahmedabad', afterText: 'Mumbai' });
    // in the reader's language: the city and the state in its own script
    for (const [language, names] of [
      ['gu', { state: ['ગુજરાત', 'મહારાષ્ટ્ર'], city: ['અમદાવાદ', 'મુંબઈ'] }],
      ['hi', { state: ['गुजरात', 'महाराष्ट्र'], city: ['अहमदाबाद', 'मुंबई'] }],
    ] as const) {
      const reply = await inject(t.app, operatorEndpoints.history, {
        raw: true,
        headers: { ...op, 'accept-language': language },
        query: { subjectType: 'publisher', subjectId: owner.publisherId },
      });
      const [read] = (reply.json().data as { entries: HistoryEntry[] }).entries;
      expect(change(read!, 'state_id')).toMatchObject({ beforeText: names.state[0], afterText: names.state[1] });
      expect(change(read!, 'city_id')).toMatchObject({ beforeText: names.city[0], afterText: names.city[1] });
    }
    expect(change(entry!, 'publisher_type')).toEqual({ field: 'publisher_type', before: 'Trust', after: 'Sangh' });

    const kept = await createBook(t.ctx, owner.publisherId, { book_title: 'આચારાંગ સૂત્ર', book_e_title: 'Acharang Sutra' });
    const twin = await createBook(t.ctx, owner.publisherId, { book_title: 'આચારાંગ સૂત્ર', book_e_title: 'Acharang Sutra' });
    await t.ctx.db.transaction((tx) =>
      withdrawBook(t.ctx, tx, {
        bookId: twin.id,
        actor: { accountId: operator.accountId, role: 'OPERATOR' },
        reason: 'Registered twice',
        duplicateOf: kept.id,
      }),
    );
    const [withdrawn] = (await operatorList({ subjectType: 'book', subjectId: twin.id, action: 'withdrawn' })).entries;
    expect(change(withdrawn!, 'duplicate_of')).toEqual({
      field: 'duplicate_of',
      before: null,
      after: kept.id,
      afterText: kept.jsbn_number,
    });
  });

  it('keeps the record append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await createBook(t.ctx, publisher.publisherId);
    // the database's own message (drizzle wraps it as the cause of 'Failed query')
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(t.ctx.db.execute(sql`update audit_log set action = 'forged'`))).toBe('audit_log is append-only');
    expect(await refusal(t.ctx.db.execute(sql`delete from audit_log`))).toBe('audit_log is append-only');
    expect(await refusal(t.ctx.db.execute(sql`truncate audit_log`))).toBe('audit_log is append-only');
    const [{ kept }] = (await t.ctx.db.select({ kept: sql<number>`count(*)`.mapWith(Number) }).from(audit_log)) as [{ kept: number }];
    expect(kept).toBeGreaterThan(0);
    const [{ n }] = (await t.ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(audit_log)
      .where(sql`action = 'forged'`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('the source never updates or deletes the record', () => {
  it('has no UPDATE or DELETE of audit_log outside its migration', () => {
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const offending: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist' || name === 'dist-server' || name.startsWith('.')) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|js|mjs|sql)$/.test(name) && !path.endsWith('history.test.ts') && !path.includes('/migrations/')) {
          const text = readFileSync(path, 'utf8');
          if (/\b(update|delete)\s*\(\s*audit_log\b|\b(update|delete\s+from|truncate(\s+table)?)\s+"?audit_log\b/i.test(text))
            offending.push(path);
        }
      }
    };
    for (const dir of ['apps', 'packages', 'scripts', 'e2e']) walk(join(root, dir));
    expect(offending).toEqual([]);
  });
});
