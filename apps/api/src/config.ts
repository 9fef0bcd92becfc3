/**
 * Every environment variable the API reads, parsed once at start with zod (ARCHITECTURE.md).
 * A wrong setting stops the start with a message naming it.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const videoUrl = z
  .string()
  .regex(/^(https?:\/\/|\/)\S+$/, 'must be a web address or a path starting with /')
  .optional();
const flag = z.enum(['true', 'false'], { error: 'must be true or false' });
/** A whole number of milliseconds (or seconds) within [min, max]. */
const whole = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const httpUrl = z.string().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s) address');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /**
   * The address the server listens on: unset → 127.0.0.1 outside production (the demo accounts
   * answer this machine only), 0.0.0.0 in production; the Dockerfile and compose.yaml set 0.0.0.0.
   */
  HOST: z.string().min(1).optional(),
  /**
   * Which proxies in front may name the client in `X-Forwarded-For` (the address rate limits,
   * logs and the dev mailbox go by): unset → none, the socket's peer is the client; a whole
   * number → that many hops; else a comma-separated list of addresses or CIDR ranges
   * (`10.0.0.0/8,127.0.0.1`; also `loopback`, `linklocal`, `uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?))*)$/,
      'must be a hop count or a comma-separated list of addresses or CIDR ranges',
    )
    .optional(),
  /** Redis for rate-limit counters (`redis://host:6379/0`); unset → counted in the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// address')
    .optional(),
  /** Prefix of every Redis key this site writes (several sites or test runs on one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,50}$/, 'must be 1–50 of A–Z a–z 0–9 : _ -')
    .default('jsbn:'),
  /** Where PGlite, local files and generated secrets live (default ./var). */
  DATA_DIR: z.string().default('var'),
  /** PostgreSQL connection string; unset → embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection string')
    .optional(),
  /**
   * The role migrations run as (the tables' owner), when the application's role in DATABASE_URL
   * may not change the schema nor UPDATE, DELETE or TRUNCATE the record (docs/deploy.md, 'Two
   * database roles'); unset → migrations run as DATABASE_URL.
   */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection string')
    .optional(),
  /** Connections per API copy in the PostgreSQL pool. */
  DATABASE_POOL_MAX: whole(1, 200, 10),
  /** An idle pooled connection is closed after this many ms. */
  DATABASE_IDLE_TIMEOUT_MS: whole(1000, 3_600_000, 30_000),
  /** Waiting for a connection (new or from a full pool) fails after this many ms (→ 503). */
  DATABASE_CONNECT_TIMEOUT_MS: whole(100, 120_000, 5_000),
  /**
   * A single SQL statement is cancelled after this many ms (→ 503); migrations have none. The
   * driver also gives up on a query that gets no answer 1 s past it (a network partition).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: whole(100, 3_600_000, 5_000),
  /** S3-compatible storage; setting S3_BUCKET switches storage from local disk to the bucket. */
  S3_ENDPOINT: httpUrl.optional(),
  /** Endpoint written into presigned URLs, as browsers reach it (default S3_ENDPOINT). */
  S3_PUBLIC_URL: httpUrl.optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a–z 0–9 . -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default('false'),
  /** Lifetime of presigned download (GET) URLs, seconds. */
  S3_URL_TTL_SECONDS: whole(5, 3600, 60),
  /** SMTP server for e-mail (`smtp://user:pass@host:587` or `smtps://…:465`); unset → dev outbox only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// address')
    .optional(),
  /** Sender of every e-mail: `address@host` or `Name <address@host>`. */
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]+<[^<>\s]+@[^<>\s]+>|[^<>\s]+@[^<>\s]+)$/, 'must be an e-mail address or Name <address>')
    .default('JSBN <no-reply@jsbn.example>'),
  /** WhatsApp Cloud API base (Graph API with version); messages go to <base>/<phone id>/messages. */
  WHATSAPP_API_URL: httpUrl.default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  /** Phone-number id of the sending WhatsApp Business number. */
  WHATSAPP_PHONE_ID: z.string().regex(/^\d+$/, 'must be the numeric phone-number id').optional(),
  /** How often the outbox worker looks for due messages, ms. */
  OUTBOX_POLL_MS: whole(10, 600_000, 2_000),
  /** First retry delay of a failed delivery, ms; doubled each attempt up to an hour. */
  OUTBOX_RETRY_BASE_MS: whole(10, 3_600_000, 30_000),
  /** A message is marked failed after this many attempts. */
  OUTBOX_MAX_ATTEMPTS: whole(1, 100, 10),
  /**
   * A publisher's new-order and reminder notices wait this many seconds after the first of them
   * and go out as one digest, by e-mail and WhatsApp (decision 033).
   */
  ORDER_NOTICE_DIGEST_SECONDS: whole(1, 3_600, 300),
  /**
   * How often the interests digest runs, s (decision 073): each run tells every library whose
   * frequency is weekly of the new books matching its interests since its last digest. A week by
   * default; tests and small deployments shorten it.
   */
  INTEREST_DIGEST_SECONDS: whole(1, 31_536_000, 604_800),
  /**
   * The name of the approved WhatsApp utility template the digest is sent as (its body takes the
   * library's name, the number of new books and the link to them; docs/deploy.md).
   */
  WHATSAPP_DIGEST_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: a–z 0–9 _')
    .default('jsbn_new_books'),
  /**
   * How often the loan reminders run, s (decision 076): each run reminds the members of loans due
   * within 3 days or overdue (each loan at most once a week, never at night). An hour by default;
   * tests and small deployments shorten it.
   */
  LOAN_REMINDER_SECONDS: whole(1, 31_536_000, 3_600),
  /**
   * The name of the approved WhatsApp utility template a loan reminder is sent as (its body takes
   * the member's name, the book's title, the library's name and the due date; docs/deploy.md).
   */
  WHATSAPP_LOAN_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: a–z 0–9 _')
    .default('jsbn_loan_reminder'),
  /**
   * The name of the approved WhatsApp authentication template a mobile number's verification code
   * is sent as (its body and its copy-code button take the code; decision 081, docs/deploy.md).
   * Where WhatsApp is configured, a new account confirms its mobile number with it after the e-mail code.
   */
  WHATSAPP_CODE_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: a–z 0–9 _')
    .default('jsbn_verification_code'),
  /** Orders one library may place in an hour (each order of a cart counts; 429 past it). */
  ORDER_LIMIT_PER_HOUR: whole(1, 1_000_000, 50),
  /** Orders one library may place with one publisher in a day (429 past it). */
  ORDER_LIMIT_PER_PUBLISHER_DAY: whole(1, 1_000_000, 10),
  /**
   * Slow clients (decision 035): the request line and headers must arrive within this many ms
   * (else 408 and the connection closes; also ends a connection that sends nothing).
   */
  HTTP_HEADERS_TIMEOUT_MS: whole(100, 600_000, 20_000),
  /**
   * A request body of up to 1 MB must arrive within this many ms of its headers (else 408 and
   * the connection closes); a larger one (a file upload) gets more, by the rate below.
   */
  HTTP_BODY_TIMEOUT_MS: whole(100, 600_000, 30_000),
  /** A body above 1 MB gets one more second per this many bytes beyond the first MB (32 KiB/s). */
  HTTP_BODY_MIN_BYTES_PER_SECOND: whole(1024, 1_000_000_000, 32_768),
  /**
   * A socket on which nothing moves either way for this many ms is closed (a client that stops
   * reading its reply); between requests the keep-alive time (72 s) applies instead.
   */
  HTTP_IDLE_TIMEOUT_MS: whole(1000, 3_600_000, 60_000),
  /**
   * Connections from one address at once (a proxy's, TRUST_PROXY, are not counted), and requests
   * in flight for one client address; past it, 429.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: whole(1, 1_000_000, 128),
  /** Graceful shutdown: requests in flight get this long to finish before the process exits, ms. */
  SHUTDOWN_TIMEOUT_MS: whole(100, 600_000, 25_000),
  /** Absolute address printed in QR codes (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** Secrets; generated into DATA_DIR/secrets.json when unset (not allowed in production). */
  JWT_SECRET: z.string().min(32).optional(),
  FILE_SIGNING_SECRET: z.string().min(32).optional(),
  /**
   * The key sealing operators' TOTP secrets at rest (AES-256-GCM, decision 063): 32 bytes in
   * base64 (`openssl rand -base64 32`). Required in production; elsewhere, when unset, one is
   * derived from the JWT secret (a development default).
   */
  TOTP_SECRET_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** Support contacts shown in the app ({email}, {phone} of the spec). */
  SUPPORT_EMAIL: z.string().email().default('support@jsbn.example'),
  /** Support WhatsApp number, 10 digits (links add +91). */
  SUPPORT_PHONE: z
    .string()
    .regex(/^\d{10}$/, 'must be 10 digits')
    .default('9000000000'),
  /** The three how-to videos of the landing page: a web address or a path on this site; unset shows a placeholder. */
  HOWTO_VIDEO_GET_JSBN: videoUrl,
  HOWTO_VIDEO_ORDER_BOOK: videoUrl,
  HOWTO_VIDEO_JSBN_MORE: videoUrl,
  /** Create the demo accounts and catalogue on an empty database (default: yes outside production). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /**
   * Bearer token that opens `GET /metrics` on the main port (Prometheus' `authorization`
   * setting); unset → /metrics is not answered there. At least 32 characters.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,200}$/, 'must be 32–200 of A–Z a–z 0–9 . _ ~ + / = -')
    .optional(),
  /**
   * A second port answering only `GET /metrics`, without a token (for a network where only
   * Prometheus reaches it; compose.yaml does not publish it). Unset → no second port.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /**
   * `off`: requests are not timed by route (the benchmark's baseline, `bench:scale -- --parts
   * metrics`); every other figure is still counted and /metrics still answers.
   */
  METRICS_REQUESTS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `on`: a log line when each request comes in and when its reply is sent (Fastify's request
   * logging). Unset → on in production, off elsewhere, so that `npm start`'s own lines (the
   * address, the demo logins) are not buried; warnings and errors are logged either way.
   */
  REQUEST_LOGS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
});

/**
 * The least strength of a production secret, in bits as `secretBits` estimates it. RFC 7518
 * docs/api.md asks for an HS256 key of 256 bits; 64 random hex digits (`openssl rand -hex 32`, what
 * docs/deploy.md says to use) estimate at 227 bits or more, 32 (`-hex 16`, 128 real bits) at
 * about 95–125, 40 × 'a' at 0.
 */
export const MIN_SECRET_BITS = 128;

/**
 * An estimate of a secret's strength in bits: its length × the Shannon entropy of its
 * characters' frequencies (bits per character). A guard against a placeholder, a repeated
 * character or a short alphabet ('abab…': 1 bit a character), not a proof of randomness.
 */
export function secretBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    perCharacter -= share * Math.log2(share);
  }
  return perCharacter * characters.length;
}

/** Settings that must be set together, and what production requires. */
function requirements(env: Record<string, string | undefined>): string[] {
  const missing: string[] = [];
  const s3Set = Object.keys(env).some(
    (name) => /^S3_(ENDPOINT|PUBLIC_URL|BUCKET|ACCESS_KEY_ID|SECRET_ACCESS_KEY)$/.test(name) && env[name],
  );
  if (s3Set) {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) missing.push(`  ${name}: is required when S3 storage is configured`);
    }
  }
  if (!env.WHATSAPP_TOKEN !== !env.WHATSAPP_PHONE_ID) {
    missing.push(`  ${env.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_ID' : 'WHATSAPP_TOKEN'}: is required when WhatsApp is configured`);
  }
  if (env.NODE_ENV === 'production') {
    if (!env.JWT_SECRET) missing.push('  JWT_SECRET: is required in production (generated secrets are refused)');
    if (!env.FILE_SIGNING_SECRET) missing.push('  FILE_SIGNING_SECRET: is required in production (generated secrets are refused)');
    if (!env.TOTP_SECRET_KEY)
      missing.push(
        "  TOTP_SECRET_KEY: is required in production (it seals the operators' TOTP secrets; make one with: openssl rand -base64 32)",
      );
    if (!env.SMTP_URL) missing.push('  SMTP_URL: is required in production (the dev outbox does not deliver mail)');
    if (!env.MAIL_FROM) missing.push('  MAIL_FROM: is required in production');
    if (!env.PUBLIC_URL) missing.push('  PUBLIC_URL: is required in production (it is printed in QR codes)');
    for (const name of ['JWT_SECRET', 'FILE_SIGNING_SECRET'] as const) {
      const secret = env[name];
      // (one shorter than 32 characters is already named by the schema)
      if (secret && secret.length >= 32 && secretBits(secret) < MIN_SECRET_BITS) {
        missing.push(
          `  ${name}: is too weak: about ${Math.floor(secretBits(secret))} bits by its characters, at least ${MIN_SECRET_BITS} are required (make one with: openssl rand -hex 32)`,
        );
      }
    }
    if (env.JWT_SECRET && env.JWT_SECRET === env.FILE_SIGNING_SECRET) {
      missing.push('  FILE_SIGNING_SECRET: must differ from JWT_SECRET (one key for the sign-in tokens, another for the file links)');
    }
  }
  return missing;
}

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  /** TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count or a list of addresses. */
  trustProxy: false | number | string[];
  publicUrl: string;
  isProduction: boolean;
  seedDemo: boolean;
  /** Each request logs a line when it comes in and one when it is answered (REQUEST_LOGS). */
  requestLogs: boolean;
  /** S3 is used (S3_BUCKET set) instead of local disk. */
  useS3: boolean;
  /** E-mail is delivered by SMTP (SMTP_URL set). */
  useSmtp: boolean;
  /** WhatsApp messages are delivered by the Cloud API (WHATSAPP_TOKEN and WHATSAPP_PHONE_ID set). */
  useWhatsapp: boolean;
};

/** TRUST_PROXY (already checked) as Fastify's `trustProxy` option. */
function trustProxyOf(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
}

/** Thrown by `loadConfig`; its message names every wrong or missing setting. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses `env` (default `process.env`) into the typed configuration, once at start.
 * @throws ConfigError naming each invalid or missing variable (production needs real secrets —
 *   two different ones, each of at least MIN_SECRET_BITS by `secretBits` —, SMTP, MAIL_FROM
 *   and PUBLIC_URL)
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable counts as unset (compose files often pass `VAR=`)
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)),
    ...requirements(given),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const config = parsed.data;
  const isProduction = config.NODE_ENV === 'production';
  return {
    ...config,
    HOST: config.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: resolve(config.DATA_DIR),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    isProduction,
    seedDemo: config.SEED_DEMO ? config.SEED_DEMO === 'true' : !isProduction,
    requestLogs: config.REQUEST_LOGS ? config.REQUEST_LOGS === 'on' : isProduction,
    useS3: Boolean(config.S3_BUCKET),
    useSmtp: Boolean(config.SMTP_URL),
    useWhatsapp: Boolean(config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_ID),
  };
}
