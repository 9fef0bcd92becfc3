/**
 * Real outside parts for tests, each started on 127.0.0.1 on a free port and stopped by the
 * test: an S3-compatible server (s3rver, its own temp dir; it does not check signatures), an
 * SMTP server (smtp-server, recording every message; it can be stopped and started again on
 * the same port), a fake WhatsApp Cloud API (recording requests, failing on demand) and fresh
 * PostgreSQL databases (TEST_DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, type Socket, connect as connectTcp, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver with one bucket (`jsbn-test`) in its own temp dir. */
export async function startS3(bucket = 'jsbn-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'jsbn-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One message the SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message (headers and MIME body). */
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Closes the listening socket (connections are refused until `start`). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts an SMTP server without TLS or authentication that records every message. */
export async function startSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const start = async () => {
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}

/** One request the fake WhatsApp API received. */
export interface WhatsappRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  /** The status the fake answered. */
  status: number;
}

export interface FakeWhatsapp {
  url: string;
  requests: WhatsappRequest[];
  /** While true every request answers 500 like an outage. */
  failing: boolean;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a fake WhatsApp Cloud API: `POST /<id>/media` → `{ id }`, `POST /<id>/messages` → `{ messages: [{ id }] }`. */
export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const fake: FakeWhatsapp = { url: '', requests: [], failing: false, stop: async () => {} };
  let counter = 0;
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      fake.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
        status: fake.failing ? 500 : 200,
      });
      response.setHeader('content-type', 'application/json');
      if (fake.failing) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { message: 'temporarily unavailable', code: 2 } }));
        return;
      }
      counter++;
      if (request.url?.endsWith('/media')) response.end(JSON.stringify({ id: `media-${counter}` }));
      else response.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${counter}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  fake.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * A freshly created PostgreSQL database on the server of `adminUrl` (default TEST_DATABASE_URL),
 * empty or a copy of the database named `template` (which nobody may be connected to);
 * `drop` removes it, ending its connections.
 */
export async function createPgDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
  template = '',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `jsbn_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Polls `check` every 50 ms until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Decodes one MIME body by its transfer encoding (quoted-printable, base64 or as is). */
function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let index = 0; index < joined.length; index++) {
      const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        index += 2;
      } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

/** The parts of a received mail: headers (lower-case names) and decoded body; multipart is split one level deep. */
export function mailParts(raw: string): { headers: Record<string, string>; body: Buffer }[] {
  const split = (text: string) => {
    const at = text.search(/\r?\n\r?\n/);
    const head = text.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
    const headers: Record<string, string> = {};
    for (const line of head.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, body: text.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const top = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => split(chunk.replace(/^\r?\n/, '')))
    : [top];
  return parts.map((part) => ({
    headers: { ...top.headers, ...part.headers },
    body: decodeBody(part.body, part.headers['content-transfer-encoding']?.toLowerCase()),
  }));
}

/** The decoded text/plain body of a received mail. */
export function mailText(raw: string): string {
  const part = mailParts(raw).find((candidate) => (candidate.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  return part ? part.body.toString('utf8') : '';
}

/** A TCP proxy on 127.0.0.1 in front of `target`, that a test can partition and heal. */
export interface TcpProxy {
  port: number;
  /** The connections open through the proxy now. */
  readonly connections: number;
  /**
   * Silently stops forwarding, as a network partition does: bytes already sent and new
   * connections wait (nothing is refused, closed or reset) until `heal`.
   */
  partition(): void;
  /** Forwards again everything that waited, and new connections. */
  heal(): void;
  /** Closes the listening socket and every connection (new connections are refused). */
  stop(): Promise<void>;
}

/**
 * Starts a TCP proxy on 127.0.0.1 to `targetHost:targetPort`.
 * @param port the port it listens on; a free one by default (a proxy stopped before may be started again on its port)
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1', port = 0): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  /** Connections accepted during a partition, not yet forwarded. */
  const waiting = new Set<Socket>();
  let partitioned = false;
  const forward = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connectTcp(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  };
  const server = createNetServer((client) => {
    if (!partitioned) return forward(client);
    client.pause();
    waiting.add(client);
    client.on('error', () => client.destroy()).on('close', () => waiting.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return pairs.size;
    },
    partition() {
      partitioned = true;
      for (const [client, upstream] of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    heal() {
      partitioned = false;
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
      for (const client of [...waiting]) {
        waiting.delete(client);
        forward(client);
      }
    },
    async stop() {
      for (const socket of [...waiting, ...[...pairs].flat()]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = join(ROOT, 'apps/api/src/server.ts');

/** An API process started by `startApiProcess`. */
export interface ApiProcess {
  url: string;
  process: ChildProcess;
  /** stdout so far (JSON log lines). */
  out: () => string;
  /** stderr so far. */
  err: () => string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
}

/**
 * Starts one API process (`node --import tsx src/server.ts`, the same entry as
 * `node dist/server.js`) with `env` only (plus PATH and HOME) on a free port of 127.0.0.1;
 * resolves when /api/health answers (at most 60 s).
 * @throws Error with the process output when it exits or does not answer in time
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`API process exited ${child.exitCode}: ${err}${out}`);
      return fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    60_000,
    'an API process to start',
  );
  return { url, process: child, out: () => out, err: () => err, exited };
}
