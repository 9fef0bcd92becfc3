/**
 * The lending desk (decision 076): members numbered on per library; a copy lent by its accession
 * number or JSBN with the library's loan period, its state lent in the same step; lent again
 * refused with a message naming the copy; returned by its code and on the shelves again;
 * renewed; a loan from the paper register overdue; the lists and the Excel export; reminders in
 * the member's language through the outbox, once a week and never at night; members are another
 * library's 404 and in no public reply or log line.
 */
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeJsbn } from '@jsbn/shared';
import * as core from '@jsbn/shared/core';
import { holdingEndpoints, lendingEndpoints, type Endpoint } from '@jsbn/shared/core';
import { audit_log, outbox } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { addDays, indiaDay, indiaHour } from './dates.js';
import { runLoanReminders } from './reminders.js';

type Headers = { authorization: string };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(ENGINES)('the lending desk on %s', (engine) => {
  let t: TestApp;
  let lib: Headers;
  let other: Headers;
  let pub: Headers;
  let jsbn: string;
  let bookId: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(engine, { LOG_LEVEL: 'info', REQUEST_LOGS: 'on' }, null, sink);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'LND01', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const [library, otherLibrary] = await Promise.all([createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }), createLibrary(t.ctx)]);
    [lib, other, pub] = await Promise.all([tokenHeader(t, library), tokenHeader(t, otherLibrary), tokenHeader(t, publisher)]);
    const book = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'કલ્પસૂત્ર', book_e_title: 'Kalpasutra', price: 120 },
      { cover: false },
    );
    jsbn = normalizeJsbn(book.jsbn_number)!;
    bookId = book.id;
    for (const accession_number of ['101', '102', '103', '104']) {
      const added = await inject(t.app, holdingEndpoints.add, { body: { jsbn, accession_number }, headers: lib });
      expect(added.statusCode, added.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const withLanguage = (headers: Headers, language: string) => ({ ...headers, 'accept-language': language });
  const addMember = (body: Record<string, unknown>, headers: Headers = lib, language = 'en') =>
    inject(t.app, lendingEndpoints.addMember, { raw: true, body, headers: withLanguage(headers, language) });
  const lend = (body: Record<string, unknown>, headers: Headers = lib, language = 'en') =>
    inject(t.app, lendingEndpoints.lend, { raw: true, body, headers: withLanguage(headers, language) });
  const giveBack = (body: Record<string, unknown>, headers: Headers = lib, language = 'en') =>
    inject(t.app, lendingEndpoints.returnCopy, { raw: true, body, headers: withLanguage(headers, language) });
  const loans = async (query: Record<string, unknown>) => {
    const reply = await inject(t.app, lendingEndpoints.loans, { raw: true, query: { limit: '100', ...query }, headers: lib });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as {
      rows: { id: number; holding: { accession_number: string }; overdue: boolean; returned_on: string | null }[];
      total: number;
    };
  };
  const holdingState = async (accession: string) =>
    (await inject(t.app, holdingEndpoints.lookup, { query: { code: accession }, headers: lib })).json().data.holding.state as string;
  /** Moves the app's clock on to the next `hour`:30 India time. */
  const advanceToIndiaHour = (hour: number) => {
    const now = t.ctx.clock();
    const minutes = (now.getUTCMinutes() + 30) % 60;
    let ms = ((hour - indiaHour(now) + 24) % 24) * HOUR + (30 - minutes) * 60 * 1000 - now.getUTCSeconds() * 1000;
    if (ms <= 0) ms += DAY;
    t.advance(ms);
  };

  let saraswati: { id: number; member_number: string };
  let ramesh: { id: number; member_number: string };

  it('adds members numbered on; a member number is once per library; bad fields are named in the reader’s language', async () => {
    const first = await addMember({
      name: 'સાધ્વીજી શ્રી સરસ્વતીશ્રીજી',
      phone: '+91 98250 11111',
      kind: 'sadhu_sadhvi',
      language: 'gu',
      email: 'upashray@example.test',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Member saved');
    saraswati = first.json().data.member;
    expect(saraswati).toMatchObject({
      member_number: '1',
      phone: '9825011111',
      kind: 'sadhu_sadhvi',
      language: 'gu',
      active: true,
      lent: 0,
    });
    const second = await addMember({ name: 'Ramesh Shah', phone: '9825022222', language: 'hi', email: 'ramesh@example.test' });
    ramesh = second.json().data.member;
    expect(ramesh).toMatchObject({ member_number: '2', kind: 'shravak_shravika', reminders: true });

    const taken = await addMember({ name: 'Someone', phone: '9825033333', member_number: '2' }, lib, 'gu');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ field: 'member_number', message: 'સભ્ય ક્રમાંક 2 બીજા સભ્યને અપાયેલો છે' }]);
    const bad = await addMember({ name: ' ', phone: '12345', kind: 'monk' }, lib, 'hi');
    expect(bad.json().details).toEqual([
      { field: 'name', message: 'सदस्य का नाम ज़रूरी है' },
      { field: 'phone', message: 'सदस्य का फ़ोन नंबर 10 अंकों का होना चाहिए' },
      { field: 'kind', message: 'साधु-साध्वीजी, श्रावक-श्राविका या संस्था चुनें' },
    ]);
    // the other library numbers its own members from 1
    expect((await addMember({ name: 'Other member', phone: '9825044444' }, other)).json().data.member.member_number).toBe('1');
    const found = await inject(t.app, lendingEndpoints.members, { query: { queryString: 'ramesh' }, headers: lib });
    expect(found.json().data.rows.map((row: { name: string }) => row.name)).toEqual(['Ramesh Shah']);
  });

  it('a member’s note is changed and cleared by an empty note; an absent note stays', async () => {
    const patch = (body: Record<string, unknown>) =>
      inject(t.app, lendingEndpoints.updateMember, { raw: true, params: { id: ramesh.id }, body, headers: lib });
    expect((await patch({ note: 'Deposit ₹200' })).json().data.member.note).toBe('Deposit ₹200');
    expect((await patch({ reminders: true })).json().data.member.note).toBe('Deposit ₹200');
    const cleared = await patch({ note: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.member.note).toBeNull();
    await patch({ note: 'Again' });
    expect((await patch({ note: null })).json().data.member.note).toBeNull();
    expect((await inject(t.app, lendingEndpoints.member, { params: { id: ramesh.id }, headers: lib })).json().data.member.note).toBeNull();
  });

  it('lends a copy typed by its accession number, due after the library’s period; lent again it is refused naming the copy', async () => {
    const today = indiaDay(t.ctx.clock());
    const lent = await lend({ code: ' 101 ', memberId: saraswati.id });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json().message).toBe('Copy 101 lent to સાધ્વીજી શ્રી સરસ્વતીશ્રીજી');
    expect(lent.json().data.loan).toMatchObject({
      holding: { accession_number: '101', title: 'કલ્પસૂત્ર' },
      member: { id: saraswati.id, member_number: '1' },
      lent_on: today,
      due_on: addDays(today, 30),
      returned_on: null,
      overdue: false,
    });
    expect(await holdingState('101')).toBe('lent');

    const again = await lend({ code: '101', memberId: ramesh.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Copy 101 (કલ્પસૂત્ર) is already lent; return it before lending it again');
    const againGu = await lend({ code: '101', memberId: ramesh.id }, lib, 'gu');
    expect(againGu.json().message).toBe('નકલ 101 (કલ્પસૂત્ર) પહેલેથી આપેલી છે; ફરી આપતાં પહેલાં તે પાછી લો');
    // the copy's own state change is refused while it is lent
    const { holding } = (await inject(t.app, holdingEndpoints.lookup, { query: { code: '101' }, headers: lib })).json().data;
    const missing = await inject(t.app, holdingEndpoints.setState, {
      params: { id: holding.id },
      body: { state: 'missing', reason: 'not found' },
      headers: lib,
    });
    expect(missing.statusCode).toBe(409);

    // a JSBN (its QR code's address) lends the first copy on the shelves; no due date for a vihar
    const byJsbn = await lend({ code: `https://jsbn.test/jsbn/${jsbn}`, memberId: ramesh.id, due_on: null });
    expect(byJsbn.json().data.loan).toMatchObject({ holding: { accession_number: '102' }, due_on: null });
    expect((await inject(t.app, lendingEndpoints.member, { params: { id: ramesh.id }, headers: lib })).json().data.member.lent).toBe(1);

    const lateDue = await lend({ code: '103', memberId: ramesh.id, due_on: addDays(today, -1) }, lib, 'gu');
    expect(lateDue.statusCode).toBe(400);
    expect(lateDue.json().details).toEqual([
      { field: 'due_on', message: 'પાછું આપવાની તારીખ YYYY-MM-DD રૂપે હોવી જોઈએ, આપ્યાના દિવસ પહેલાંની નહીં' },
    ]);
    const noCopy = await lend({ memberId: ramesh.id });
    expect(noCopy.json().details).toEqual([{ field: 'code', message: 'Give the copy by its code or its id, one of the two' }]);
  });

  it('two desks lending the same copy at once lend it once', async () => {
    const replies = await Promise.all([lend({ code: '104', memberId: saraswati.id }), lend({ code: '104', memberId: saraswati.id })]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().message).toBe(
      'Copy 104 (કલ્પસૂત્ર) is already lent; return it before lending it again',
    );
    expect((await loans({ status: 'open' })).rows.filter((row) => row.holding.accession_number === '104')).toHaveLength(1);
    expect((await giveBack({ code: '104' })).statusCode).toBe(200);
  });

  it('a copy returned by its code is on the shelves again; renewing moves the due date', async () => {
    const returned = await giveBack({ code: '101' }, lib, 'hi');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().message).toBe('प्रति 101 वापस शेल्फ़ पर रखी गई');
    expect(returned.json().data.loan).toMatchObject({ returned_on: indiaDay(t.ctx.clock()), overdue: false });
    expect(await holdingState('101')).toBe('available');
    const notLent = await giveBack({ code: '101' });
    expect(notLent.statusCode).toBe(409);
    expect(notLent.json().message).toBe('Copy 101 is not lent');

    const open = (await loans({ status: 'open' })).rows.find((row) => row.holding.accession_number === '102')!;
    const renewed = await inject(t.app, lendingEndpoints.renew, { params: { id: open.id }, body: { due_on: '2099-01-31' }, headers: lib });
    expect(renewed.json()).toMatchObject({
      message: 'Loan renewed: due on 2099-01-31',
      data: { loan: { due_on: '2099-01-31', renewals: 1 } },
    });
    const closed = await inject(t.app, lendingEndpoints.renew, { params: { id: returned.json().data.loan.id }, body: {}, headers: lib });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This loan was already returned');

    const record = await t.ctx.db
      .select({ action: audit_log.action, changes: audit_log.changes })
      .from(audit_log)
      .where(and(eq(audit_log.subject_type, 'holding'), eq(audit_log.subject_id, returned.json().data.loan.holding.id)))
      .orderBy(asc(audit_log.id));
    expect(record.slice(1)).toEqual([
      { action: 'status changed', changes: { state: ['available', 'lent'] } },
      { action: 'status changed', changes: { state: ['lent', 'available'] } },
    ]);
  });

  it('a loan from the paper register keeps its past day and is overdue; the lists and the Excel export show it', async () => {
    const today = indiaDay(t.ctx.clock());
    const tomorrow = await lend({ code: '101', memberId: saraswati.id, lent_on: addDays(today, 1) });
    expect(tomorrow.json().details).toEqual([{ field: 'lent_on', message: 'Lent on must be a date YYYY-MM-DD, not after today' }]);
    const old = await lend({ code: '101', memberId: saraswati.id, lent_on: addDays(today, -45) });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().data.loan).toMatchObject({ lent_on: addDays(today, -45), due_on: addDays(today, -15), overdue: true });

    expect((await loans({ status: 'overdue' })).rows.map((row) => row.holding.accession_number)).toEqual(['101']);
    expect((await loans({ status: 'open' })).rows.map((row) => row.holding.accession_number)).toEqual(['101', '102']);
    expect(
      (await loans({ memberId: saraswati.id, status: 'all' })).rows.map((row) => [row.holding.accession_number, row.returned_on !== null]),
    ).toEqual(
      expect.arrayContaining([
        ['101', false],
        ['101', true],
      ]),
    );
    const history = await loans({ holdingId: old.json().data.loan.holding.id, status: 'all' });
    expect(history.total).toBe(2);

    const excel = await inject(t.app, lendingEndpoints.loansXlsx, { query: { status: 'overdue' }, headers: withLanguage(lib, 'gu') });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-disposition']).toBe('attachment; filename="Loans.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['ક્રમ', 'પરિગ્રહણ ક્રમાંક', 'શીર્ષક', 'સભ્ય ક્રમાંક', 'સભ્ય']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 6)).toEqual([1, '101', 'કલ્પસૂત્ર', '1', 'સાધ્વીજી શ્રી સરસ્વતીશ્રીજી']);
    expect(sheet.rowCount).toBe(2);
  });

  it('reminds members in their language through the outbox: once a week, never at night, not when turned off', async () => {
    const mails = async (to: string) =>
      t.ctx.db.select({ subject: outbox.subject, body: outbox.body, channel: outbox.channel }).from(outbox).where(eq(outbox.recipient, to));
    advanceToIndiaHour(22);
    expect(await runLoanReminders(t.ctx)).toBe(0);
    advanceToIndiaHour(10);
    // the overdue loan of the paper register, and one due in two days
    const today = indiaDay(t.ctx.clock());
    const soon = await lend({ code: '103', memberId: ramesh.id, due_on: addDays(today, 2) });
    expect(soon.statusCode, soon.body).toBe(201);
    expect(await runLoanReminders(t.ctx)).toBe(2);
    const [gujarati] = await mails('upashray@example.test');
    expect(gujarati).toMatchObject({ channel: 'email', subject: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર: પુસ્તક કલ્પસૂત્ર પાછું આપવાની યાદ' });
    expect(gujarati!.body).toContain('જય જિનેન્દ્ર સાધ્વીજી શ્રી સરસ્વતીશ્રીજી');
    expect(gujarati!.body).toContain('(નકલ 101)');
    expect(gujarati!.body).toContain('પાછું આપવાનું હતું');
    const [hindi] = await mails('ramesh@example.test');
    expect(hindi!.body).toContain('(प्रति 103)');
    expect(hindi!.body).toContain('तक लौटाना है।');

    // once a week per loan
    t.advance(DAY);
    expect(await runLoanReminders(t.ctx)).toBe(0);
    await inject(t.app, lendingEndpoints.updateMember, { params: { id: ramesh.id }, body: { reminders: false }, headers: lib });
    t.advance(6 * DAY);
    expect(await runLoanReminders(t.ctx)).toBe(1);
    expect(await mails('upashray@example.test')).toHaveLength(2);
    expect(await mails('ramesh@example.test')).toHaveLength(1);
  });

  it('a member removed from the lending list keeps their loans and cannot borrow', async () => {
    const removed = await inject(t.app, lendingEndpoints.updateMember, {
      params: { id: saraswati.id },
      body: { active: false },
      headers: lib,
    });
    expect(removed.json()).toMatchObject({
      message: 'Member removed from the lending list; their past loans stay in the record',
      data: { member: { active: false, lent: 1 } },
    });
    const listed = await inject(t.app, lendingEndpoints.members, { query: {}, headers: lib });
    expect(listed.json().data.rows.map((row: { name: string }) => row.name)).toEqual(['Ramesh Shah']);
    expect((await loans({ memberId: saraswati.id, status: 'all' })).total).toBe(3);
    const refused = await lend({ code: '104', memberId: saraswati.id });
    expect(refused.json().details).toEqual([{ field: 'memberId', message: 'This member was removed from the lending list' }]);
    const changes = await t.ctx.db
      .select({ changes: audit_log.changes })
      .from(audit_log)
      .where(and(eq(audit_log.subject_type, 'member'), eq(audit_log.subject_id, saraswati.id)));
    expect(JSON.stringify(changes)).not.toContain('9825011111');
  });

  it('another library’s member and loan are a 404; publishers and visitors do not reach the desk', async () => {
    const [loan] = (await loans({ status: 'all' })).rows;
    const copy = (await inject(t.app, holdingEndpoints.lookup, { query: { code: '104' }, headers: lib })).json().data.holding;
    for (const reply of [
      await inject(t.app, lendingEndpoints.member, { params: { id: ramesh.id }, headers: other }),
      await inject(t.app, lendingEndpoints.updateMember, { params: { id: ramesh.id }, body: { name: 'Mine now' }, headers: other }),
      await lend({ holdingId: copy.id, memberId: ramesh.id }, other),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('Member not found');
    }
    const renewOther = await inject(t.app, lendingEndpoints.renew, { params: { id: loan!.id }, body: {}, headers: other });
    expect(renewOther.statusCode).toBe(404);
    expect(renewOther.json().message).toBe('Loan not found');
    expect((await giveBack({ loanId: loan!.id }, other)).statusCode).toBe(404);
    expect((await inject(t.app, lendingEndpoints.loans, { query: {}, headers: other })).json().data.total).toBe(0);
    expect((await inject(t.app, lendingEndpoints.members, { query: {}, headers: pub })).statusCode).toBe(403);
    expect((await inject(t.app, lendingEndpoints.loans, { query: {} })).statusCode).toBe(401);
  });

  it('no public reply and no log line holds a member’s name or phone', async () => {
    const secrets = ['સરસ્વતીશ્રીજી', '9825011111', 'Ramesh', '9825022222', 'upashray@', 'ramesh@'];
    // every GET endpoint, as a visitor, its path parameters the lent book's
    const values: Record<string, string> = { jsbn, id: String(bookId), bookId: String(bookId) };
    const replies: string[] = [];
    const tables = (Object.values(core) as unknown[]).filter((value): value is Record<string, Endpoint> => {
      const first = value && typeof value === 'object' ? (Object.values(value)[0] as Partial<Endpoint> | undefined) : undefined;
      return typeof first?.path === 'string' && typeof first.method === 'string' && typeof first.area === 'string';
    });
    for (const endpoint of tables.flatMap((table) => Object.values(table))) {
      if (endpoint.method !== 'GET' || endpoint.reply === 'file') continue;
      const url = `/api${endpoint.path.replace(/:(\w+)/g, (_whole: string, name: string) => values[name] ?? '1')}`;
      const reply = await t.app.inject({ method: 'GET', url, query: { queryString: 'Ramesh' } });
      replies.push(`${url} ${reply.statusCode} ${reply.body}`);
    }
    for (const url of ['/', `/jsbn/${jsbn}`, '/new-published-books', '/libraries']) {
      const reply = await t.app.inject({ method: 'GET', url });
      replies.push(`${url} ${reply.statusCode} ${reply.body}`);
    }
    expect(replies.length).toBeGreaterThan(20);
    // the library's own members list asked with the name in its address: the log keeps the path only
    expect((await inject(t.app, lendingEndpoints.members, { query: { queryString: 'Ramesh' }, headers: lib })).statusCode).toBe(200);
    const logs = logLines.join('');
    expect(logs).toContain('/api/library/members');
    for (const secret of secrets) {
      expect(replies.filter((reply) => reply.includes(secret))).toEqual([]);
      expect(logs).not.toContain(secret);
    }
  });

  it('the library sets its loan period, or none: a loan then has no due date unless one is given', async () => {
    const save = (loan_period_days: unknown, language = 'en') =>
      inject(t.app, lendingEndpoints.saveSettings, { raw: true, body: { loan_period_days }, headers: withLanguage(lib, language) });
    expect((await inject(t.app, lendingEndpoints.settings, { headers: lib })).json().data).toEqual({
      loan_period_days: 30,
      sadhu_no_due: false,
    });
    const bad = await save(0, 'gu');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'loan_period_days', message: 'મુદત 1 થી 365 દિવસની પૂર્ણ સંખ્યા હોવી જોઈએ, અથવા કોઈ નહીં' }]);
    expect((await save(null)).json()).toMatchObject({
      message: 'Lending settings saved',
      data: { loan_period_days: null, sadhu_no_due: false },
    });
    const open = await lend({ code: '104', memberId: ramesh.id });
    expect(open.json().data.loan).toMatchObject({ due_on: null });
    expect((await giveBack({ holdingId: open.json().data.loan.holding.id })).statusCode).toBe(200);
    await save(14);
    const today = indiaDay(t.ctx.clock());
    expect((await lend({ code: '104', memberId: ramesh.id })).json().data.loan).toMatchObject({ due_on: addDays(today, 14) });
  });

  it('the library says a sadhu’s or sadhvi’s loan has no due date (a vihar): theirs have none, a shravak’s keep the period', async () => {
    const save = (body: Record<string, unknown>, language = 'en') =>
      inject(t.app, lendingEndpoints.saveSettings, { raw: true, body, headers: withLanguage(lib, language) });
    const bad = await save({ loan_period_days: 14, sadhu_no_due: 'yes' }, 'hi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'sadhu_no_due', message: 'साधु-साध्वीजी को दी गई प्रति की लौटाने की तारीख हो या नहीं, यह चुनें' },
    ]);
    const saved = await save({ loan_period_days: 14, sadhu_no_due: true });
    expect(saved.json()).toMatchObject({ message: 'Lending settings saved', data: { loan_period_days: 14, sadhu_no_due: true } });
    // a save without it leaves it as it is
    expect((await save({ loan_period_days: 21 })).json().data).toEqual({ loan_period_days: 21, sadhu_no_due: true });
    expect((await inject(t.app, lendingEndpoints.settings, { headers: lib })).json().data).toEqual({
      loan_period_days: 21,
      sadhu_no_due: true,
    });
    const today = indiaDay(t.ctx.clock());
    expect((await inject(t.app, holdingEndpoints.add, { body: { jsbn, accession_number: '105' }, headers: lib })).statusCode).toBe(201);
    const sadhvi = (await addMember({ name: 'સાધ્વીજી શ્રી ચંદનબાળાશ્રીજી', phone: '9825055555', kind: 'sadhu_sadhvi' })).json().data.member;
    const toSadhvi = await lend({ code: '105', memberId: sadhvi.id });
    expect(toSadhvi.statusCode, toSadhvi.body).toBe(201);
    expect(toSadhvi.json().data.loan).toMatchObject({ due_on: null, overdue: false });
    // renewed without a date: still none; a date given is kept
    const renewed = await inject(t.app, lendingEndpoints.renew, { params: { id: toSadhvi.json().data.loan.id }, body: {}, headers: lib });
    expect(renewed.json().data.loan).toMatchObject({ due_on: null, renewals: 1 });
    expect((await giveBack({ code: '105' })).statusCode).toBe(200);
    const dated = await lend({ code: '105', memberId: sadhvi.id, due_on: addDays(today, 7) });
    expect(dated.json().data.loan).toMatchObject({ due_on: addDays(today, 7) });
    expect((await giveBack({ code: '105' })).statusCode).toBe(200);
    expect((await giveBack({ code: '104' })).statusCode).toBe(200);
    expect((await lend({ code: '104', memberId: ramesh.id })).json().data.loan).toMatchObject({ due_on: addDays(today, 21) });
    const [change] = await t.ctx.db
      .select({ changes: audit_log.changes })
      .from(audit_log)
      .where(and(eq(audit_log.subject_type, 'library'), eq(audit_log.action, 'updated')))
      .orderBy(desc(audit_log.id))
      .limit(1);
    expect(change?.changes).toEqual({ loan_period_days: [14, 21] });
  });
});
