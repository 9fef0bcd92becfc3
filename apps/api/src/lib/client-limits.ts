/**
 * What one client may hold of the HTTP server (docs/decisions/035): a slow client must not hold
 * it. Node's server waits for ever by default for a body that comes a byte at a time, and took
 * any number of connections from one address; 20,000 such connections used up the process's
 * file descriptors and everyone else was refused.
 *
 * - **Headers**: the request line and headers must arrive within `headersTimeoutMs` of the
 *   connection (or of the end of the previous request on it) — Node's own `headersTimeout`,
 *   which also ends a connection that sends nothing (408, then the connection closes).
 * - **Body**: a body must arrive within `bodyTimeoutMs` of its headers; one that declares more
 *   than 1 MB (a file upload, up to 200 MB) is given one more second for each
 *   `bodyMinBytesPerSecond` bytes beyond the first MB. Past its time the connection gets a 408
 *   (when no reply was begun) and is closed. Node's `requestTimeout` is one time for every
 *   request, which a 200 MB upload on a phone line cannot meet, hence this timer of our own.
 * - **Per address**: at most `maxPerAddress` connections from one address, counted on the
 *   socket (an over one is answered 429 and closed before anything is read from it), and at
 *   most as many requests in flight for one client address (`X-Forwarded-For` as far as
 *   TRUST_PROXY allows, the address rate limits go by): a proxy in front carries every visitor
 *   on its connections, so its own connections are not counted; its visitors are, by request.
 */
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';
import { requestLanguage, translate } from './i18n.js';

/** One megabyte: a body up to this size has `bodyTimeoutMs`, a larger one more (see above). */
const MB = 1024 * 1024;

/** What a 408 says (in the caller's language; gu and hi in the message catalogues). */
export const SLOW_BODY_MESSAGE = 'The request arrived too slowly and was stopped. Please try again.';
/** What a 429 for too many connections or requests at once says (as the rate limits' 429). */
export const TOO_MANY_AT_ONCE_MESSAGE = 'Too many requests. Please try again later.';

export interface ClientLimits {
  /** The request line and headers must arrive within this many ms. */
  headersTimeoutMs: number;
  /** A body (up to 1 MB) must arrive within this many ms of its headers. */
  bodyTimeoutMs: number;
  /** A larger body gets one more second per this many bytes beyond the first MB. */
  bodyMinBytesPerSecond: number;
  /** Connections from one address, and requests in flight for one client address, at most. */
  maxPerAddress: number;
  /** Who may name the client (TRUST_PROXY): false, a hop count or addresses/CIDR ranges. */
  trustProxy: Config['trustProxy'];
}

/** The limits of `config` (the HTTP_* settings). */
export function clientLimitsOf(config: Config): ClientLimits {
  return {
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: config.HTTP_BODY_TIMEOUT_MS,
    bodyMinBytesPerSecond: config.HTTP_BODY_MIN_BYTES_PER_SECOND,
    maxPerAddress: config.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: config.trustProxy,
  };
}

/**
 * How long (ms) after its headers a request's body may take to arrive: `bodyTimeoutMs`, and for
 * a body that declares more than 1 MB one more second per `bodyMinBytesPerSecond` bytes beyond
 * the first MB (a 200 MB upload at 32 KiB/s: 30 s + 6,368 s); null for a request without a body.
 */
export function bodyDeadlineMs(
  headers: IncomingHttpHeaders,
  limits: Pick<ClientLimits, 'bodyTimeoutMs' | 'bodyMinBytesPerSecond'>,
): number | null {
  const declared = Number(headers['content-length']);
  if (headers['transfer-encoding'] === undefined && !(declared > 0)) return null;
  const beyond = Number.isFinite(declared) ? Math.max(0, declared - MB) : 0;
  return limits.bodyTimeoutMs + Math.ceil((beyond * 1000) / limits.bodyMinBytesPerSecond);
}

/** TRUST_PROXY as proxy-addr's trust function (as Fastify makes it for `request.ip`). */
function trustOf(trust: Config['trustProxy']): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** A whole HTTP/1.1 reply that closes its connection: `status` and a JSON error body. */
function closingReply(status: 408 | 429, reason: string, message: string, error: string): string {
  const body = JSON.stringify({ statusCode: status, message, error });
  const retry = status === 429 ? 'Retry-After: 1\r\n' : '';
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n${retry}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * Writes `reply` and closes `socket` once it is written (whatever the client still sends is
 * not read), or after a second when the client does not take it.
 */
function closeWith(socket: Socket, reply: string): void {
  socket.end(reply);
  socket.once('finish', () => socket.destroy());
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Counts per key that are dropped at zero. */
class Counts {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.get(key) + 1);
  }
  remove(key: string): void {
    const left = this.get(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

/** The limits on one HTTP server's clients: `attach` it, then ask `admit` about each request. */
export class ClientGuard {
  private readonly trusted: (address: string, hop: number) => boolean;
  private readonly connections = new Counts();
  private readonly inFlight = new Counts();
  /** Connections refused at once: a request that still arrives on one goes nowhere. */
  private readonly refused = new WeakSet<Socket>();
  /** What the guard did (tests and logs): connections and requests refused, bodies cut. */
  readonly counts = { refusedConnections: 0, refusedRequests: 0, cutBodies: 0 };

  constructor(private readonly limits: ClientLimits) {
    this.trusted = trustOf(limits.trustProxy);
  }

  /**
   * How often Node looks for requests past their headers' time (`connectionsCheckingInterval`
   * of `createServer`, fixed at creation): a quarter of that time, between 0.1 and 30 s.
   */
  get checkingIntervalMs(): number {
    return Math.min(30_000, Math.max(100, Math.floor(this.limits.headersTimeoutMs / 4)));
  }

  /** Sets the server's headers timeout and counts its connections per address. */
  attach(server: Server): void {
    server.headersTimeout = this.limits.headersTimeoutMs;
    // bodies have their own time (`admit`); Node's one time for every request would cut uploads
    server.requestTimeout = 0;
    server.on('connection', (socket: Socket) => this.connected(socket));
  }

  private connected(socket: Socket): void {
    const address = socket.remoteAddress;
    // a proxy's connections carry all its visitors: they are counted by request instead
    if (address === undefined || this.trusted(address, 0)) return;
    if (this.connections.get(address) >= this.limits.maxPerAddress) {
      this.counts.refusedConnections++;
      this.refused.add(socket);
      // nothing has been read yet: the caller's language is not known (the web app translates it)
      closeWith(socket, closingReply(429, 'Too Many Requests', TOO_MANY_AT_ONCE_MESSAGE, 'TOO_MANY_REQUESTS'));
      return;
    }
    this.connections.add(address);
    socket.once('close', () => this.connections.remove(address));
  }

  /**
   * Refuses `request` (true: answered, nothing more to do) when it came on a refused connection
   * or its client has `maxPerAddress` requests in flight (429 in the caller's language); else
   * counts it and watches its body's time (false: answer it). Never throws.
   */
  readonly admit = (request: IncomingMessage, response: ServerResponse): boolean => {
    const socket = request.socket;
    if (this.refused.has(socket)) {
      socket.destroy();
      return true;
    }
    const client = proxyAddr(request, this.trusted);
    if (this.inFlight.get(client) >= this.limits.maxPerAddress) {
      this.counts.refusedRequests++;
      const message = translate(TOO_MANY_AT_ONCE_MESSAGE, requestLanguage(request));
      const body = JSON.stringify({ statusCode: 429, message, error: 'TOO_MANY_REQUESTS' });
      response
        .writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'retry-after': '1',
        })
        .end(body);
      return true;
    }
    this.inFlight.add(client);
    response.once('close', () => this.inFlight.remove(client));
    this.watchBody(request, response);
    return false;
  };

  /** Cuts the connection of `request` when its body has not all arrived in its time. */
  private watchBody(request: IncomingMessage, response: ServerResponse): void {
    const deadline = bodyDeadlineMs(request.headers, this.limits);
    if (deadline === null || request.complete) return;
    const cut = () => {
      if (request.complete || request.socket.destroyed) return;
      this.counts.cutBodies++;
      const socket = request.socket;
      if (response.headersSent) {
        socket.destroy();
        return;
      }
      // a 408 the caller can read, then the connection closes (whatever is still on its way)
      closeWith(socket, closingReply(408, 'Request Timeout', translate(SLOW_BODY_MESSAGE, requestLanguage(request)), 'REQUEST_TIMEOUT'));
    };
    let timer = setTimeout(cut, deadline).unref();
    // answered before its body came (a refused upload): what is left of it is no longer worth
    // the time its length was given, only the time of a small body
    response.once('finish', () => {
      if (request.complete || deadline <= this.limits.bodyTimeoutMs) return;
      clearTimeout(timer);
      timer = setTimeout(cut, this.limits.bodyTimeoutMs).unref();
    });
    // the socket outlives the request on a keep-alive connection: its listener goes with the body
    const done = () => {
      clearTimeout(timer);
      request.off('end', done);
      request.socket.off('close', done);
    };
    request.once('end', done);
    request.socket.once('close', done);
  }
}
