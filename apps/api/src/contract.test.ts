/**
 * Contract test: a spec-shaped client, and the OpenAPI document's response schemas.
 *
 * 1. The client is written from the product specification, not from our code: it uses only the
 *    paths of the spec's call tables (docs/api.md, below
 *    the /api mount), the field names of their entities and payloads (docs/api.md), and reads replies
 *    only where docs/api.md says ('data.message', 'data.accessToken.access_token', 'data.orderBooks', …).
 *    It registers a publisher and a library (docs/api.md), verifies each e-mail with
 *    the one-time code (read from the dev outbox: the e-mail itself is outside the API
 *    contract), logs in, saves the library's letter text (README.md: needed before ordering),
 *    registers a book with a new author (`authors[0][authorname]`) and a second book reusing
 *    that author by `authors[0][authorId]` from GET /book/author-name (docs/api.md), orders
 *    it as the library and asks for the order summary (docs/api.md), accepts it, dispatches it and
 *    marks it received (docs/api.md's transition table), checking each tab of the order lists.
 *    Where the spec quotes a message ('Book created successfully', 'Order dispatched
 *    successfully') the reply must carry it; where the spec names fields, they must be there;
 *    where it is silent, nothing more is asserted. Success is any status 200–299 (both call tables).
 *    Shape checks are `expect.soft`, so one run lists every mismatch; a failed step the flow
 *    depends on stops the test there.
 * 2. GET /api/docs/json: every operation (path × method, the docs routes aside) declares a
 *    response schema for its success status (200, or 201/202 where declared); the failure
 *    lists the operations lacking one. The operations the client uses must be documented too.
 *
 * Runs on every engine in ENGINES (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from './seed/factories.js';
import { ENGINES, createTestApp, form, latestCode, type TestApp } from './test/harness.js';

/** The calls of the spec's tables this client makes: `METHOD /path` below the API base, {params} as the spec names them. */
const SPEC_CALLS = new Set([
  // docs/api.md
  'POST /user/login',
  'GET /user/me',
  'POST /user/verify-email',
  'GET /user/dashboard',
  'POST /library',
  'GET /library/logo-text',
  'POST /publisher',
  'GET /state',
  'GET /state/{state_id}/city',
  // docs/api.md
  'POST /book',
  'GET /book/{book_id}',
  'PATCH /book/{id}',
  'GET /book/book-jsbn-number',
  'GET /book/subject',
  'GET /book/language',
  'GET /book/author-name',
  'GET /book/author-type',
  'GET /book/order-book',
  'POST /book/order-book',
  'PATCH /book/order-book/{order_id}',
  'POST /book/create-dispatch',
  'POST /publisher/generate-pdf',
]);

/**
 * Calls the client needs whose path the spec does not show. docs/api.md: 'Letterhead save |
 * path not shown | body text, plus id when editing' — the letterhead's GET path is used, as
 * POST; README.md requires letter text before a library can order.
 */
const UNLISTED_CALLS = new Set(['POST /library/logo-text']);

/** Both call tables: 'Only statuses 200 to 299 count as success.' */
const isSuccess = (status: number) => status >= 200 && status <= 299;

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

interface CallOptions {
  /** Values of the {params} of the path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  json?: object;
  multipart?: FormData;
  /** The bearer token of the session, if any (spec: 'A bearer token is added when a token exists'). */
  token?: string;
}

/** The spec-shaped client of one app: `call('PATCH /book/order-book/{order_id}', { params, json, token })`. */
function specClient(t: TestApp) {
  return async function call(operation: string, options: CallOptions = {}): Promise<Reply> {
    if (!SPEC_CALLS.has(operation) && !UNLISTED_CALLS.has(operation)) throw new Error(`${operation} is not a call of the spec's tables`);
    const [method, template] = operation.split(' ') as ['GET' | 'POST' | 'PATCH', string];
    const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${operation}: no value for {${name}}`);
      return encodeURIComponent(String(value));
    });
    const payload = options.multipart ?? options.json;
    return t.app.inject({
      method,
      url: `/api${path}`,
      query: Object.fromEntries(Object.entries(options.query ?? {}).map(([key, value]) => [key, String(value)])),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  };
}

/** Fails with the reply in the message unless the status is 2xx. */
function expectSuccess(reply: Reply, what: string) {
  expect(reply.statusCode, `${what} → ${reply.statusCode} ${reply.body.slice(0, 600)}`).toSatisfy(isSuccess);
}

/**
 * The list in a lookup or 'data list of …' reply, whose key the spec does not name: `data`
 * itself when it is an array, else the one array among data's fields.
 */
function theList(data: unknown, what: string): Record<string, unknown>[] {
  if (Array.isArray(data)) return data;
  const arrays = Object.values((data ?? {}) as Record<string, unknown>).filter(Array.isArray);
  expect(arrays, `${what}: one list in data ${JSON.stringify(data)?.slice(0, 300)}`).toHaveLength(1);
  return arrays[0] as Record<string, unknown>[];
}

/** The OpenAPI path of a `METHOD /path` call under /api, with every {param} as {} so names need not agree. */
const shapeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** Why `responses` declares no schema for its success status, or null when it does. */
function missingSuccessSchema(responses: Record<string, { content?: Record<string, { schema?: object }> }> | undefined): string | null {
  if (!responses) return 'no responses';
  const success = ['200', '201', '202'].filter((status) => status in responses);
  if (success.length === 0) return `no 200/201/202 response (declares ${Object.keys(responses).join(', ') || 'none'})`;
  const bare = success.filter((status) => {
    const content = responses[status]?.content;
    return !content || !Object.values(content).some((media) => media.schema && Object.keys(media.schema).length > 0);
  });
  return bare.length ? `no schema for ${bare.join(', ')}` : null;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

describe.each(ENGINES)('contract with the spec on %s', (engine) => {
  let t: TestApp;
  let call: ReturnType<typeof specClient>;
  let jpeg: Buffer;
  /** Bearer tokens after login. */
  const session = { publisher: '', library: '' };
  const publisherAccount = { email: 'contract.publisher@example.test', password: 'Prakashan@123', publisher_no: 'CNTR1' };
  const libraryAccount = { email: 'contract.library@example.test', password: 'Bhandar@123' };
  const authorName = 'આચાર્ય શ્રી કુંદકુંદ';
  let firstBook: { id: number; jsbn_number: string };
  let secondBook: { id: number; jsbn_number: string; publisherId: number; title: string };
  let order: { id: number; copies: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    call = specClient(t);
    jpeg = await makeJpeg('Contract', { width: 120, height: 160 });
  });
  afterAll(() => t.close());

  /** docs/api.md 'Login' and 'Current user': data.message, data.accessToken.access_token, then GET /user/me. */
  async function login(account: { email: string; password: string }, modelType: 'PUBLISHER' | 'LIBRARY') {
    const reply = await call('POST /user/login', { json: { email: account.email, password: account.password, modelType } });
    expectSuccess(reply, `login ${modelType}`);
    const data = reply.json().data;
    expect.soft(typeof data.message, 'login: data.message').toBe('string');
    expect(typeof data.accessToken?.access_token, 'login: data.accessToken.access_token').toBe('string');
    const token = data.accessToken.access_token as string;
    const me = await call('GET /user/me', { token });
    expectSuccess(me, 'current user');
    expect.soft(me.json().data.modelType, 'user/me: userData.modelType (docs/api.md)').toBe(modelType);
    return token;
  }

  /** docs/api.md 'The code step sends email, otp, modelType'; the code comes by e-mail (dev outbox). */
  async function verifyEmail(email: string, modelType: 'PUBLISHER' | 'LIBRARY') {
    const otp = await latestCode(t.app, email);
    expect.soft(otp, 'one-time code: 6 digits (docs/api.md and packages/shared/src/constants.ts)').toMatch(/^\d{6}$/);
    const reply = await call('POST /user/verify-email', { json: { email, otp, modelType } });
    expectSuccess(reply, `verify e-mail ${modelType}`);
    // packages/shared/src/messages.ts: 'Success toasts on registration, code verification … show the server message'
    expect.soft(typeof reply.json().message, 'verify-email: a server message').toBe('string');
  }

  it('registers a publisher and a library, verifies their e-mails and logs them in (docs/api.md)', async () => {
    const states = await call('GET /state');
    expectSuccess(states, 'states');
    const stateList = theList(states.json().data, 'GET /state');
    for (const state of stateList)
      expect.soft(Object.keys(state), 'state fields (docs/api.md)').toEqual(expect.arrayContaining(['id', 'state_id', 'state_name']));
    const gujarat = stateList.find((state) => state.state_name === 'Gujarat');
    expect(gujarat, 'Gujarat among the states').toBeDefined();
    const cities = await call('GET /state/{state_id}/city', { params: { state_id: Number(gujarat!.state_id) } });
    expectSuccess(cities, 'cities of Gujarat');
    const cityList = theList(cities.json().data, 'GET /state/{state_id}/city');
    for (const city of cityList)
      expect.soft(Object.keys(city), 'city fields (docs/api.md)').toEqual(expect.arrayContaining(['id', 'city_id', 'city_name']));
    const ahmedabad = cityList.find((city) => city.city_name === 'Ahmedabad');
    expect(ahmedabad, 'Ahmedabad among the cities of Gujarat').toBeDefined();

    // docs/api.md: publisher registration (multipart) — logo and the profile fields, state and city as ids, no confirmPassword
    const publisher = await call('POST /publisher', {
      multipart: form(
        {
          publisher_no: publisherAccount.publisher_no,
          publisher_name: 'શ્રી જૈન સાહિત્ય પ્રકાશન',
          publisher_type: 'Sangh',
          address: 'Relief Road, Ahmedabad',
          state: Number(gujarat!.id),
          city: Number(ahmedabad!.id),
          pincode: '380001',
          landline_no: '0792550123',
          mobile_no: '9825011111',
          whatsapp_no: '9825011111',
          email: publisherAccount.email,
          password: publisherAccount.password,
        },
        { logo: [jpeg, 'logo.jpg', 'image/jpeg'] },
      ),
    });
    expectSuccess(publisher, 'publisher registration');
    expect
      .soft(typeof publisher.json().message, 'publisher registration: a server message (packages/shared/src/messages.ts)')
      .toBe('string');

    // docs/api.md: library registration (multipart)
    const library = await call('POST /library', {
      multipart: form(
        {
          name: 'શ્રી હેમચંદ્રાચાર્ય જ્ઞાન ભંડાર',
          sanchalak_name: 'Shri Jain Sangh',
          sanchalak_address: 'Upashray, Patan',
          address: 'Panchasar Derasar Road, Patan',
          email: libraryAccount.email,
          mobile_no: '9426022222',
          whatsapp_no: '9426022222',
          number_of_books: 1200,
          sangh_trust: 'Sangh Sanchalit',
          password: libraryAccount.password,
        },
        { logo: [jpeg, 'logo.jpg', 'image/jpeg'] },
      ),
    });
    expectSuccess(library, 'library registration');
    expect.soft(typeof library.json().message, 'library registration: a server message (packages/shared/src/messages.ts)').toBe('string');

    await verifyEmail(publisherAccount.email, 'PUBLISHER');
    await verifyEmail(libraryAccount.email, 'LIBRARY');
    session.publisher = await login(publisherAccount, 'PUBLISHER');
    session.library = await login(libraryAccount, 'LIBRARY');
  });

  it('saves the library letter text before its first order (docs/api.md; README.md)', async () => {
    const before = await call('GET /library/logo-text', { token: session.library });
    expectSuccess(before, 'letterhead get');
    expect.soft(before.json().data, 'letterhead get: data.librarianLogo').toHaveProperty('librarianLogo');
    const text = 'Respected publisher, our Gyan Bhandar requests the following books for our readers.';
    const saved = await call('POST /library/logo-text', { token: session.library, json: { text } });
    expectSuccess(saved, 'letterhead save');
    const after = await call('GET /library/logo-text', { token: session.library });
    expect
      .soft(after.json().data.librarianLogo, 'letterhead: id, letterText, logoUrl (docs/api.md)')
      .toMatchObject({ id: expect.any(Number), letterText: text });
    expect.soft(after.json().data.librarianLogo, 'letterhead: logoUrl').toHaveProperty('logoUrl');
    // docs/api.md: 'userData carries … for libraries letterText'; docs/api.md: the user is refetched after save
    expect.soft((await call('GET /user/me', { token: session.library })).json().data.letterText).toBe(text);
  });

  it('registers a book with a new author by name and a second one reusing that author by authorId (docs/api.md)', async () => {
    const token = session.publisher;
    // docs/api.md 'Next publisher ids': the form's prefilled, locked publisher_no and publisher_{product}_id
    const next = await call('GET /book/book-jsbn-number', { token });
    expectSuccess(next, 'next publisher ids');
    const ids = next.json().data;
    expect.soft(ids.publisher_no, 'next ids: publisher_no').toBe(publisherAccount.publisher_no);
    expect.soft(typeof ids.publisher_jsbn_id, 'next ids: publisher_{product}_id').toBe('string');

    // docs/api.md 'Lookups' → lists; fields as it names them
    const languages = theList((await call('GET /book/language')).json().data, 'GET /book/language');
    for (const language of languages)
      expect
        .soft(Object.keys(language), 'language fields (docs/api.md)')
        .toEqual(expect.arrayContaining(['id', 'language_name', 'language_des']));
    const subjects = theList((await call('GET /book/subject')).json().data, 'GET /book/subject');
    for (const subject of subjects)
      expect.soft(Object.keys(subject), 'subject fields (docs/api.md)').toEqual(expect.arrayContaining(['id', 'subject_name']));
    const authorTypes = theList((await call('GET /book/author-type')).json().data, 'GET /book/author-type');
    for (const type of authorTypes)
      expect
        .soft(Object.keys(type), 'author type fields (docs/api.md)')
        .toEqual(expect.arrayContaining(['id', 'author_type', 'auth_search_key']));
    const language = languages.find((item) => item.language_name === 'Gujarati') ?? languages[0];
    const authorType = authorTypes.find((item) => item.author_type === 'Author') ?? authorTypes[0];
    expect(language && subjects[0] && authorType, 'a language, a subject and an author type to choose').toBeTruthy();

    const bookFields = (title: string, englishTitle: string, author: Record<string, string | number>) =>
      form(
        {
          publisher_no: String(ids.publisher_no),
          publisher_jsbn_id: String(ids.publisher_jsbn_id),
          book_title: title,
          book_e_title: englishTitle,
          pages: 212,
          publication_year: 2023,
          language: String(language!.language_name),
          type: 'AKS1',
          'subjects[0][id]': Number(subjects[0]!.id),
          'authors[0][authorType]': Number(authorType!.id),
          ...author,
          readers: 'No',
          price: 150,
          currency: 'INR',
          no_of_copy: 500,
        },
        { book_cover: [jpeg, 'cover.jpg', 'image/jpeg'] },
      );

    const first = await call('POST /book', {
      token,
      multipart: bookFields('સમયસાર', 'Samaysar', { 'authors[0][authorname]': authorName }),
    });
    expectSuccess(first, 'register book with a new author');
    // docs/api.md and packages/shared/src/messages.ts: 'Book created successfully'; docs/api.md reads data.id, {product}_number, qrcode_image
    expect.soft(first.json().message, 'register book: message').toBe('Book created successfully');
    const created = first.json().data;
    expect(typeof created.id, 'register book: data.id').toBe('number');
    expect.soft(typeof created.jsbn_number, 'register book: data.{product}_number').toBe('string');
    expect.soft(typeof created.qrcode_image, 'register book: data.qrcode_image').toBe('string');
    firstBook = { id: created.id, jsbn_number: created.jsbn_number };

    // docs/api.md: the registration dialog's 'Is book available for printing?' — Yes
    const available = await call('PATCH /book/{id}', { token, params: { id: firstBook.id }, json: { isAvailable: true } });
    expectSuccess(available, 'set availability');
    expect.soft(typeof available.json().message, 'set availability: message').toBe('string');

    // docs/api.md 'Lookups': GET /book/author-name → a list of author names (id, author_name)
    const names = theList((await call('GET /book/author-name', { token })).json().data, 'GET /book/author-name');
    for (const name of names)
      expect.soft(Object.keys(name), 'author name fields (docs/api.md)').toEqual(expect.arrayContaining(['id', 'author_name']));
    const known = names.find((name) => name.author_name === authorName);
    expect(known, `the new author '${authorName}' among GET /book/author-name`).toBeDefined();

    const title = 'પંચાસ્તિકાય';
    const second = await call('POST /book', {
      token,
      multipart: bookFields(title, 'Panchastikaya', { 'authors[0][authorId]': Number(known!.id) }),
    });
    expectSuccess(second, 'register book with a known author by authorId');
    expect.soft(second.json().message, 'register book: message').toBe('Book created successfully');
    const secondId = second.json().data.id as number;
    expect(typeof secondId, 'register book: data.id').toBe('number');
    expect.soft(second.json().data.jsbn_number, 'a new {product} number').not.toBe(firstBook.jsbn_number);
    await call('PATCH /book/{id}', { token, params: { id: secondId }, json: { isAvailable: true } });

    // docs/api.md 'Get book' → book; docs/api.md: authors (authorId, authorType, author_name), publisher (id, publisher_name, logoUrl)
    const book = await call('GET /book/{book_id}', { params: { book_id: secondId } });
    expectSuccess(book, 'get book');
    const dto = book.json().data.book;
    expect
      .soft(dto.authors, 'the second book names the same author record')
      .toEqual([expect.objectContaining({ authorId: known!.id, authorType: authorType!.id, author_name: authorName })]);
    expect.soft(dto.book_title).toBe(title);
    expect(typeof dto.publisher?.id, 'book.publisher.id').toBe('number');
    expect.soft(Object.keys(dto.publisher), 'book.publisher fields').toEqual(expect.arrayContaining(['id', 'publisher_name', 'logoUrl']));
    secondBook = { id: secondId, jsbn_number: dto.jsbn_number, publisherId: dto.publisher.id, title };
    // still one author record for the name
    const again = theList((await call('GET /book/author-name', { token })).json().data, 'GET /book/author-name');
    expect
      .soft(
        again.filter((name) => name.author_name === authorName),
        'one author record per name',
      )
      .toHaveLength(1);
  });

  /** docs/api.md 'Orders by you / by status' → data.orderBooks, data.total; the order with `id`, or undefined. */
  async function findOrder(token: string, orderStatus: string, id: number) {
    const reply = await call('GET /book/order-book', { token, query: { orderStatus, pageNo: 1, limit: 10 } });
    expectSuccess(reply, `orders ${orderStatus}`);
    const data = reply.json().data;
    expect.soft(typeof data.total, `orders ${orderStatus}: data.total`).toBe('number');
    expect(Array.isArray(data.orderBooks), `orders ${orderStatus}: data.orderBooks`).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the reply's data is any; the cast names the rows
    return (data.orderBooks as Record<string, unknown>[]).find((row) => row.id === id) as Record<string, unknown> | undefined;
  }

  /** docs/api.md 'Order book' fields. */
  const ORDER_FIELDS = ['id', 'orderId', 'order_date', 'totalCopies', 'status', 'library', 'publisher', 'OrderBookItem', 'dispetchedOrder'];

  it('orders the book as the library and asks for the order summary (docs/api.md)', async () => {
    const token = session.library;
    const copies = 3;
    const reply = await call('POST /book/order-book', {
      token,
      json: {
        orders: [{ publisherId: secondBook.publisherId, bookId: secondBook.id, numberOfCopies: copies, bookTitle: secondBook.title }],
      },
    });
    expectSuccess(reply, 'create orders');
    const data = reply.json().data;
    // docs/api.md: 'data.message, data list of orders with id'; docs/api.md: one order per publisher
    expect.soft(typeof data.message, 'create orders: data.message').toBe('string');
    const orders = theList(data, 'create orders: the list of orders');
    expect(orders, 'one order for the one publisher').toHaveLength(1);
    expect(typeof orders[0]!.id, 'created order: id').toBe('number');
    order = { id: orders[0]!.id as number, copies };

    // docs/api.md: 'for each created order an order summary PDF is requested with sendWhatsapp true'; docs/api.md → PDF blob
    const summary = await call('POST /publisher/generate-pdf', { token, json: { orderId: order.id, sendWhatsapp: true } });
    expectSuccess(summary, 'order summary PDF');
    expect.soft(summary.headers['content-type'], 'order summary: a PDF').toMatch(/^application\/pdf/);
    expect.soft(summary.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // apps/web/src/lib/paths.ts: the library's Pending tab is REQUESTED
    const pending = await findOrder(token, 'REQUESTED', order.id);
    expect(pending, 'the order in the library REQUESTED list').toBeDefined();
    expect.soft(Object.keys(pending!), 'order book fields (docs/api.md)').toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect.soft(pending!.status).toBe('REQUESTED');
    expect.soft(pending!.totalCopies).toBe(copies);
  });

  it('accepts the order and dispatches it as the publisher (docs/api.md)', async () => {
    const token = session.publisher;
    const requested = await findOrder(token, 'REQUESTED', order.id);
    expect(requested, 'the order in the publisher REQUESTED list').toBeDefined();
    const items = requested!.OrderBookItem as { id: number; number_of_copies: number; book: { id: number } }[];
    expect
      .soft(
        items.map((item) => [item.book?.id, item.number_of_copies]),
        'OrderBookItem: book, number_of_copies',
      )
      .toEqual([[secondBook.id, order.copies]]);

    // docs/api.md: Accept = every item at full requested count; docs/api.md: for accept, orderItems (item id and PartialBook)
    const accepted = await call('PATCH /book/order-book/{order_id}', {
      token,
      params: { order_id: order.id },
      json: { status: 'IN_PROGRESS', orderItems: items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies })) },
    });
    expectSuccess(accepted, 'accept order');
    expect.soft(typeof accepted.json().data?.message, 'accept: data.message').toBe('string');
    // docs/api.md names this action Accept, not Partial Accept: every item is accepted at its full count
    expect
      .soft(accepted.json().data?.message, 'accept at full counts (sent with orderItems) is an Accept, not a Partial Accept (docs/api.md)')
      .not.toMatch(/partial/i);
    const preparing = await findOrder(token, 'IN_PROGRESS', order.id);
    expect(preparing, 'the order in the IN_PROGRESS (Preparing) list').toBeDefined();
    expect
      .soft(
        (preparing!.OrderBookItem as { accepted_book_copies: number }[]).map((item) => item.accepted_book_copies),
        'accepted_book_copies',
      )
      .toEqual([order.copies]);

    // docs/api.md 'Dispatch order' (multipart): orderImage, courierCompanyName, courierCompanyNumber, trackingId, orderId
    const courier = { courierCompanyName: 'Shree Maruti Courier', courierCompanyNumber: '9898012345', trackingId: 'SMC-778899' };
    const dispatched = await call('POST /book/create-dispatch', {
      token,
      multipart: form({ ...courier, orderId: order.id }, { orderImage: [jpeg, 'receipt.jpg', 'image/jpeg'] }),
    });
    expectSuccess(dispatched, 'dispatch order');
    expect.soft(dispatched.json().message, "dispatch: 'Order dispatched successfully'").toBe('Order dispatched successfully');

    // docs/api.md 'Dispatch record': orderimage, courierCompanyName, courierCompanyNumber, trackingId
    for (const viewer of [session.publisher, session.library]) {
      const row = await findOrder(viewer, 'DISPATCHED', order.id);
      expect(row, 'the order in the DISPATCHED list').toBeDefined();
      expect.soft(row!.status).toBe('DISPATCHED');
      expect.soft(row!.dispetchedOrder, 'dispatch record').toMatchObject({ ...courier, orderimage: expect.any(String) });
    }
  });

  it('lets the library mark the dispatched order received (docs/api.md: DISPATCHED → COMPLETED by library)', async () => {
    const token = session.library;
    const received = await call('PATCH /book/order-book/{order_id}', {
      token,
      params: { order_id: order.id },
      json: { status: 'COMPLETED' },
    });
    expectSuccess(received, 'mark received');
    expect.soft(typeof received.json().data?.message, 'mark received: data.message').toBe('string');
    // docs/api.md: 'Completed orders use orderStatus=COMPLETED'
    const completed = await findOrder(token, 'COMPLETED', order.id);
    expect(completed, 'the order in the COMPLETED list').toBeDefined();
    expect.soft(completed!.status).toBe('COMPLETED');
    expect.soft(await findOrder(session.publisher, 'COMPLETED', order.id), 'the order in the publisher COMPLETED list').toBeDefined();

    // docs/api.md 'Dashboard analytics reply'
    const dashboard = await call('GET /user/dashboard', { token });
    expectSuccess(dashboard, 'dashboard');
    const data = dashboard.json().data;
    expect
      .soft(data.commonDashboard, 'data.commonDashboard')
      .toMatchObject({ publisherCount: expect.any(Number), libraryCount: expect.any(Number), bookCount: expect.any(Number) });
    expect.soft(data, 'dashboard counts').toMatchObject({
      requestedOrderBook: expect.any(Number),
      pendingOrderBook: expect.any(Number),
      completedOrderBook: expect.any(Number),
    });
  });

  it('documents a response schema for the success status of every operation in /api/docs/json', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    const documented = new Set<string>();
    const lacking: string[] = [];
    for (const [path, item] of Object.entries<
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
    >(doc.paths ?? {})) {
      if (path === '/api/docs' || path.startsWith('/api/docs/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!HTTP_METHODS.has(method)) continue;
        documented.add(shapeOf(method, path));
        const problem = missingSuccessSchema(operation.responses);
        if (problem) lacking.push(`${method.toUpperCase()} ${path}: ${problem}`);
      }
    }
    expect(documented.size, 'operations in the OpenAPI document').toBeGreaterThan(0);
    const undocumented = [...SPEC_CALLS, ...UNLISTED_CALLS]
      .map((call) => call.split(' ') as [string, string])
      .map(([method, path]) => shapeOf(method, `/api${path}`))
      .filter((call) => !documented.has(call));
    expect.soft(undocumented, 'calls of the spec client missing from /api/docs/json').toEqual([]);
    expect(
      lacking,
      `${lacking.length} operations without a response schema for their success status:\n  ${lacking.join('\n  ')}\n`,
    ).toEqual([]);
  });
});
