/**
 * Limits that hold, on each database engine and on Redis (REDIS_URL, the server on
 * 127.0.0.1:6379): counting and checking in one step, login throttling that slows the attacker
 * and not the owner, the proxy setting, and every route that sends a message or a code.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInput } from '@jsbn/shared';
import { accountEndpoints, bookEndpoints, siteEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, latestCode, registerLibraryRequest, outboxTo, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { startTcpProxy, waitFor } from '../../test/servers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** True when a Redis server answers at REDIS_URL. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, enableOfflineQueue: false });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await redisAnswers();
interface Store {
  name: string;
  engine: (typeof ENGINES)[number];
  redis: boolean;
}
/** Where the counters live: each database engine, and Redis in front of PGlite. */
const STORES: Store[] = [
  ...ENGINES.map((engine) => ({ name: engine, engine, redis: false })),
  { name: 'redis', engine: 'pglite', redis: true },
];

const limitsOn = ({ engine, redis }: Store) => {
  let t: TestApp;
  const prefix = `jsbn-test-${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    t = await createTestApp(engine, redis ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {});
    expect(t.ctx.limits.store).toBe(redis ? 'redis' : 'database');
  });
  afterAll(async () => {
    await t.close();
    if (redis) {
      const client = new Redis(REDIS_URL);
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(...keys);
      client.disconnect();
    }
  });

  let n = 0;
  const address = () => `10.${engine === 'postgres' ? 2 : redis ? 3 : 1}.${Math.floor(++n / 250)}.${n % 250}`;
  const login = (email: string, password: string, remoteAddress: string, modelType: LoginInput['modelType'] = 'LIBRARY') =>
    inject(t.app, accountEndpoints.login, { body: { email, password, modelType }, remoteAddress });

  it('lets exactly 5 of 200 parallel wrong passwords through a limit of 5', async () => {
    const library = await createLibrary(t.ctx);
    const from = address();
    const replies = await Promise.all(Array.from({ length: 200 }, () => login(library.email, 'Wrong@1234', from)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    const refused = replies.find((reply) => reply.statusCode === 429)!;
    expect(refused.json().message).toBe(TOO_MANY_LOGINS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('slows the attacker, not the owner logging in from elsewhere', async () => {
    const library = await createLibrary(t.ctx);
    const attacker = address();
    for (let i = 0; i < 5; i++) expect((await login(library.email, 'Wrong@1234', attacker)).statusCode).toBe(401);
    expect((await login(library.email, library.password, attacker)).statusCode).toBe(429);
    // six requests from one address do not lock the real owner out
    expect((await login(library.email, library.password, address())).statusCode).toBe(200);
  });

  it('lets the owner in from a known address when attackers everywhere have used up the account', async () => {
    const library = await createLibrary(t.ctx);
    const home = address();
    expect((await login(library.email, library.password, home)).statusCode).toBe(200);
    // 100 failures from 100 addresses the account never logged in from
    const botnet = Array.from({ length: 100 }, () => address());
    const failures = await Promise.all(botnet.map((from) => login(library.email, 'Wrong@1234', from)));
    expect(failures.every((reply) => reply.statusCode === 401)).toBe(true);
    const stranger = await login(library.email, library.password, address());
    expect([stranger.statusCode, stranger.json().message]).toEqual([429, TOO_MANY_LOGINS]);
    expect((await login(library.email, library.password, home)).statusCode).toBe(200);
  });

  it('refuses a code after 10 tries per e-mail, however many fresh codes registration hands out', async () => {
    const logo = await makeJpeg('L', { width: 40, height: 40 });
    const email = `brute-${n++}@example.test`;
    const register = () => registerLibraryRequest(t.app, email, logo, address());
    const verify = (otp: string) => inject(t.app, accountEndpoints.verifyEmail, { body: { email, otp, modelType: 'LIBRARY' } });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect((await register()).statusCode).toBe(200);
      const code = await latestCode(t.app, email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 4; i++) statuses.push((await verify(wrong)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    // the right code of the live registration is refused too until the window ends
    const right = await verify(await latestCode(t.app, email));
    expect([right.statusCode, right.json().message]).toEqual([429, 'Too many wrong codes. Please try again later.']);
  });

  it('sends at most 5 codes or notices an hour to one e-mail, whatever the route', async () => {
    const logo = await makeJpeg('L', { width: 40, height: 40 });
    const email = `victim-${n++}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await registerLibraryRequest(t.app, email, logo, address())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const mail = await outboxTo(t.app, email);
    expect(mail).toHaveLength(5);
  });

  it('limits the messages a visitor can make the site send, per address and per recipient', async () => {
    const publisher = await createPublisher(t.ctx);
    const book = await createBook(t.ctx, publisher.publisherId);
    const otherBook = await createBook(t.ctx, (await createPublisher(t.ctx)).publisherId);
    const visitor = address();
    const contact = (email: string, from = visitor) =>
      inject(t.app, siteEndpoints.contact, {
        body: { fullName: 'Ramesh Shah', email, contact: '9825012345', message: 'Please add our books to the catalogue.' },
        remoteAddress: from,
      });
    const contactStatuses = [];
    for (let i = 0; i < 6; i++) contactStatuses.push((await contact(`reader${i}@example.test`)).statusCode);
    expect(contactStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    const sameSender = [];
    for (let i = 0; i < 4; i++) sameSender.push((await contact('same@example.test', address())).statusCode);
    expect(sameSender).toEqual([200, 200, 200, 429]);

    const pdfRequest = (from: string, bookId = book.id) =>
      inject(t.app, bookEndpoints.pdfRequest, {
        params: { id: bookId },
        body: {
          name: 'Ramesh',
          email: 'ramesh@example.test',
          mobile_no: '9825012345',
          Resone: 'For our pathshala',
          RefferenceBy: 'Sangh',
        },
        remoteAddress: from,
      });
    const requester = address();
    // one address asks one publisher 5 times a day at most: it cannot use up the publisher's 50
    const pdfStatuses = [];
    for (let i = 0; i < 6; i++) pdfStatuses.push((await pdfRequest(requester)).statusCode);
    expect(pdfStatuses).toEqual([...Array(5).fill(200), 429]);
    // and 10 times an hour whatever the publisher
    const elsewhere = [];
    for (let i = 0; i < 5; i++) elsewhere.push((await pdfRequest(requester, otherBook.id)).statusCode);
    expect(elsewhere).toEqual([200, 200, 200, 200, 429]);
    const refused = await pdfRequest(requester);
    expect([refused.json().message, Number(refused.headers['retry-after']) > 0]).toEqual([TOO_MANY_REQUESTS, true]);
    // the publisher gets at most 50 a day, from however many addresses
    const spread = await Promise.all(Array.from({ length: 50 }, () => pdfRequest(address())));
    expect(spread.filter((reply) => reply.statusCode === 200)).toHaveLength(45);
    const toPublisher = await outboxTo(t.app, publisher.email);
    expect(toPublisher.filter((message) => message.subject.startsWith('PDF request'))).toHaveLength(50);
  });

  it('limits reset links per address and per e-mail, known or not', async () => {
    const library = await createLibrary(t.ctx);
    const forgot = (email: string, from: string) =>
      inject(t.app, accountEndpoints.forgotPassword, { body: { email, modelType: 'LIBRARY' }, remoteAddress: from });
    const perEmail = [];
    for (let i = 0; i < 6; i++) perEmail.push((await forgot(library.email, address())).statusCode);
    expect(perEmail).toEqual([200, 200, 200, 200, 200, 429]);
    // the links are sent by a job after each answer
    const links = () => outboxTo(t.app, library.email);
    await expect.poll(async () => (await links()).length, { timeout: 10_000 }).toBe(5);
    const from = address();
    const perAddress = [];
    for (let i = 0; i < 11; i++) perAddress.push((await forgot(`ghost${i}@example.test`, from)).statusCode);
    expect(perAddress).toEqual([...Array(10).fill(200), 429]);
  });

  it('gives search a generous limit per address', async () => {
    const from = address();
    const statuses = [];
    for (let i = 0; i < 301; i++)
      statuses.push((await inject(t.app, bookEndpoints.list, { query: { queryString: 'x' }, remoteAddress: from })).statusCode);
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true);
    expect(statuses[300]).toBe(429);
    expect((await inject(t.app, bookEndpoints.list, { query: { queryString: 'x' }, remoteAddress: address() })).statusCode).toBe(200);
  });
};

for (const store of STORES) {
  // the Redis store needs a Redis server; without one the suite says so and is skipped
  describe.skipIf(store.redis && !hasRedis)(`limits on ${store.name}${store.redis ? ` (needs a Redis server at ${REDIS_URL})` : ''}`, () =>
    limitsOn(store),
  );
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const thirtyFailures = async (t: TestApp, forwardedFor: (i: number) => string) => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const reply = await inject(t.app, accountEndpoints.login, {
        headers: { 'x-forwarded-for': forwardedFor(i) },
        body: { email: `x${i}@example.test`, password: 'Whatever@1', modelType: 'PUBLISHER' },
        remoteAddress: '192.0.2.10',
      });
      statuses.push(reply.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For by default, so a new header does not reset the per-address limit', async () => {
    const t = await createTestApp('pglite');
    try {
      const statuses = await thirtyFailures(t, (i) => `203.0.113.${i}`);
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('takes the client from X-Forwarded-For only when the peer is a configured proxy', async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '192.0.2.0/24' });
    try {
      expect((await thirtyFailures(t, (i) => `203.0.113.${i}`)).every((status) => status === 401)).toBe(true);
      // a client that is not a configured proxy cannot choose its address
      const statuses = [];
      for (let i = 0; i < 31; i++) {
        const reply = await inject(t.app, accountEndpoints.login, {
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          body: { email: `y${i}@example.test`, password: 'Whatever@1', modelType: 'PUBLISHER' },
          remoteAddress: '203.0.113.99',
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(createTestApp('pglite', { TRUST_PROXY: 'everyone' })).rejects.toThrow(
      'TRUST_PROXY: must be a hop count or a comma-separated list of addresses or CIDR ranges',
    );
  });
});

// Redis behind a proxy the test stops and starts again: Redis going down and coming back while the app runs
describe.skipIf(!hasRedis)(`one budget while Redis is down and after it is back (needs a Redis server at ${REDIS_URL})`, () => {
  it('keeps counting the same budget in the database, not a fresh one', async () => {
    const redisPort = Number(new URL(REDIS_URL).port || 6379);
    let proxy = await startTcpProxy(redisPort, new URL(REDIS_URL).hostname);
    const prefix = `jsbn-test-${randomBytes(4).toString('hex')}:`;
    const t = await createTestApp('pglite', { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix });
    try {
      const login = (email: string, from: string, password = 'Wrong@1234') =>
        inject(t.app, accountEndpoints.login, { body: { email, password, modelType: 'LIBRARY' }, remoteAddress: from });
      const [first, second] = [await createLibrary(t.ctx), await createLibrary(t.ctx)];
      // Redis up: 5 wrong passwords for one account from one address, 30 attempts from another address
      for (let i = 0; i < 5; i++) expect((await login(first.email, '10.8.0.1')).statusCode).toBe(401);
      for (let i = 0; i < 30; i++) expect((await login(`nobody${i}@example.test`, '10.8.0.2')).statusCode).toBe(401);
      // Redis down
      await proxy.stop();
      expect((await login(first.email, '10.8.0.1', first.password)).statusCode).toBe(429);
      expect((await login('nobody@example.test', '10.8.0.2')).statusCode).toBe(429);
      // while it is down, 5 wrong passwords for the second account …
      for (let i = 0; i < 5; i++) expect((await login(second.email, '10.8.0.3')).statusCode).toBe(401);
      // … still count once it is back
      proxy = await startTcpProxy(redisPort, new URL(REDIS_URL).hostname, proxy.port);
      await waitFor(() => proxy.connections > 0, 10_000, 'the app to reach Redis again');
      const after = await login(second.email, '10.8.0.3', second.password);
      expect([after.statusCode, after.json().message]).toEqual([429, TOO_MANY_LOGINS]);
      // and Redis counts again: the owner elsewhere gets in, counted in both
      expect((await login(second.email, '10.8.0.4', second.password)).statusCode).toBe(200);
    } finally {
      await t.close();
      await proxy.stop();
      const client = new Redis(REDIS_URL);
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(...keys);
      client.disconnect();
    }
  });
});

describe('rate limits while Redis is down', () => {
  it('counts in the database while Redis cannot be reached', async () => {
    const t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      const library = await createLibrary(t.ctx);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await inject(t.app, accountEndpoints.login, {
              body: { email: library.email, password: 'Wrong@1234', modelType: 'LIBRARY' },
              remoteAddress: '10.9.9.9',
            })
          ).statusCode,
        );
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
