/**
 * A slow client must not hold the server (decision 035), on a listening app on 127.0.0.1 with
 * short limits: bodies sent a byte at a time and headers that never end are cut with a 408 and
 * their connections closed while other requests are answered; one address past its connections
 * is refused while another is served; behind a trusted proxy the proxy's connections are not
 * counted but its visitors' requests in flight are. (PGlite only: no database is involved.)
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { waitFor } from '../test/servers.js';
import { SLOW_BODY_MESSAGE, bodyDeadlineMs } from './client-limits.js';

/** A raw connection: everything it received, and whether the server closed it. */
interface Raw {
  socket: Socket;
  received(): string;
  closed: Promise<string>;
}

const open: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
let t: TestApp | undefined;
let port: number;

afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const socket of open.splice(0)) socket.destroy();
});

/** Before the tests of a `describe`: an app listening on 127.0.0.1 with `env` (`t`, `port`). */
function listening(env: Record<string, string>): void {
  beforeAll(async () => {
    t = await createTestApp('pglite', env);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    t = undefined;
  });
}

/** Connects to `port` from `localAddress` (any 127.x address is this machine) and writes `text`. */
function raw(port: number, text: string, localAddress = '127.0.0.1'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    open.push(socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<string>((done) => socket.on('close', () => done(data)));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, received: () => data, closed });
    });
    socket.once('error', reject);
  });
}

/** A request for /api/health on a kept connection, with `headers` (lines). */
const health = (...headers: string[]) =>
  `GET /api/health HTTP/1.1\r\nHost: jsbn.test\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n`;

/** The start of a contact message that declares 1,000,000 bytes (it will come a byte at a time). */
const slowContact = (...headers: string[]) =>
  `POST /api/user/contact HTTP/1.1\r\nHost: jsbn.test\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n{`;

/** Sends one more byte on each of `sockets` every 100 ms, as a slow attacker does. */
function trickle(sockets: Socket[]): void {
  timers.push(
    setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(' ');
    }, 100),
  );
}

/** Waits until the kept connection `connection` has received `count` whole 200 replies. */
const answered = (connection: Raw, count = 1) =>
  waitFor(() => connection.received().split('HTTP/1.1 200 OK').length > count && connection.received().endsWith('}'), 5_000, 'an answer');

describe('slow clients', () => {
  listening({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_BODY_TIMEOUT_MS: '1500' });

  it('are cut with a 408 and their connections closed within the set time, while other requests are answered', async () => {
    const bodies = await Promise.all(Array.from({ length: 6 }, () => raw(port, slowContact('Accept-Language: gu'))));
    const headers = await Promise.all(Array.from({ length: 3 }, () => raw(port, 'GET /api/health HTTP/1.1\r\nHost: jsbn.test\r\n')));
    const silent = await raw(port, '');
    trickle(bodies.map((body) => body.socket));
    timers.push(
      setInterval(() => headers.forEach((connection) => !connection.socket.destroyed && connection.socket.write('X-Slow: 1\r\n')), 100),
    );

    // meanwhile others are answered, one after the other
    let served = 0;
    while (bodies.some((body) => !body.socket.destroyed && body.received() === '')) {
      const other = await raw(port, health('Connection: close'));
      expect(await other.closed).toMatch(/^HTTP\/1\.1 200 OK/);
      served++;
    }
    expect(served).toBeGreaterThan(0);

    // each slow body got a 408 in its language, then its connection was closed
    const replies = await Promise.all(bodies.map((body) => body.closed));
    for (const reply of replies) {
      expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\nConnection: close\r\n/);
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({
        statusCode: 408,
        message: 'વિનંતી બહુ ધીમે આવી રહી હતી, તેથી અટકાવી દેવાઈ. કૃપા કરી ફરી પ્રયત્ન કરો.',
        error: 'REQUEST_TIMEOUT',
      });
    }
    // headers that never end, and a connection that sends nothing, likewise (Node's 408)
    for (const reply of await Promise.all([...headers, silent].map((connection) => connection.closed)))
      expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(t!.clientGuard.counts.cutBodies).toBe(6);
    expect(SLOW_BODY_MESSAGE).toBe('The request arrived too slowly and was stopped. Please try again.');
  }, 20_000);

  it('leave nothing on a keep-alive connection once a body has come: twenty posts on it add no listener', async () => {
    let serverSide: Socket | undefined;
    t!.app.server.once('connection', (socket: Socket) => (serverSide = socket));
    const post = 'POST /api/user/contact HTTP/1.1\r\nHost: jsbn.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
    const replies = (connection: Raw, count: number) =>
      waitFor(() => connection.received().split('HTTP/1.1 400 Bad Request').length > count, 5_000, `${count} replies`);
    const connection = await raw(port, post);
    await replies(connection, 1);
    const listeners = serverSide!.listenerCount('close');
    for (let sent = 2; sent <= 20; sent++) {
      connection.socket.write(post);
      await replies(connection, sent);
    }
    expect(serverSide!.listenerCount('close')).toBe(listeners);
  });

  it('get longer for a body above 1 MB, by the least rate set (file uploads)', () => {
    const limits = { bodyTimeoutMs: 30_000, bodyMinBytesPerSecond: 32_768 };
    expect(bodyDeadlineMs({}, limits)).toBeNull();
    expect(bodyDeadlineMs({ 'content-length': '0' }, limits)).toBeNull();
    expect(bodyDeadlineMs({ 'content-length': '1000000' }, limits)).toBe(30_000);
    expect(bodyDeadlineMs({ 'transfer-encoding': 'chunked' }, limits)).toBe(30_000);
    expect(bodyDeadlineMs({ 'content-length': String(1024 * 1024 + 32_768) }, limits)).toBe(31_000);
    expect(bodyDeadlineMs({ 'content-length': String(200 * 1024 * 1024) }, limits)).toBe(30_000 + 6_368_000);
  });
});

describe('connections per address', () => {
  listening({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.3' });

  it('past the cap are refused with a 429 while another address is served, and served again once one closes', async () => {
    const kept = await Promise.all(Array.from({ length: 3 }, () => raw(port, health())));
    await Promise.all(kept.map((connection) => answered(connection)));

    const fourth = await raw(port, health());
    const refused = await fourth.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\nConnection: close\r\n/);
    expect(refused).toContain('\r\nRetry-After: 1\r\n');
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 429,
      message: 'Too many requests. Please try again later.',
      error: 'TOO_MANY_REQUESTS',
    });

    const elsewhere = await raw(port, health('Connection: close'), '127.0.0.2');
    expect(await elsewhere.closed).toMatch(/^HTTP\/1\.1 200 OK/);
    // the kept ones still work
    kept[0]!.socket.write(health());
    await answered(kept[0]!, 2);

    kept[1]!.socket.destroy();
    await waitFor(
      async () => {
        const again = await raw(port, health('Connection: close'));
        return /^HTTP\/1\.1 200 OK/.test(await again.closed);
      },
      5_000,
      'a connection served again',
    );
    expect(t!.clientGuard.counts.refusedConnections).toBeGreaterThanOrEqual(1);
  });

  it('behind a trusted proxy count the visitors it names, by requests in flight, not its own connections', async () => {
    // the proxy holds more connections than the cap: all served
    const proxy = await Promise.all(Array.from({ length: 4 }, () => raw(port, health('X-Forwarded-For: 203.0.113.9'), '127.0.0.3')));
    await Promise.all(proxy.map((connection) => answered(connection)));

    // one visitor's three slow bodies in flight; a fourth request of theirs is refused in Hindi
    const slow = await Promise.all(Array.from({ length: 3 }, () => raw(port, slowContact('X-Forwarded-For: 203.0.113.7'), '127.0.0.3')));
    trickle(slow.map((connection) => connection.socket));
    // (the slow ones are counted once their headers have arrived)
    const reply = await waitFor(
      async () => {
        const fourth = await raw(port, health('X-Forwarded-For: 203.0.113.7', 'Accept-Language: hi', 'Connection: close'), '127.0.0.3');
        const text = await fourth.closed;
        return text.startsWith('HTTP/1.1 429') && text;
      },
      5_000,
      'a fourth request refused',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 429,
      message: 'बहुत सारे अनुरोध आए हैं। कृपया कुछ देर बाद प्रयास करें।',
      error: 'TOO_MANY_REQUESTS',
    });

    // another visitor through the same proxy is served
    const other = await raw(port, health('X-Forwarded-For: 203.0.113.8', 'Connection: close'), '127.0.0.3');
    expect(await other.closed).toMatch(/^HTTP\/1\.1 200 OK/);
  });
});
