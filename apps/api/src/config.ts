/**
 * Every environment variable the API reads, parsed once at start with zod (DESIGN §2).
 * A wrong setting stops the start with a message naming it.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const videoUrl = z.string().regex(/^(https?:\/\/|\/)\S+$/, 'must be a web address or a path starting with /').optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite, local files and generated secrets live (default ./var). */
  DATA_DIR: z.string().default('var'),
  /** PostgreSQL connection string; unset → embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z.string().url().optional(),
  /** Absolute address printed in QR codes (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** Secrets; generated into DATA_DIR/secrets.json when unset (not allowed in production). */
  JWT_SECRET: z.string().min(32).optional(),
  FILE_SIGNING_SECRET: z.string().min(32).optional(),
  /** Support contacts shown in the app ({email}, {phone} of the spec). */
  SUPPORT_EMAIL: z.string().email().default('support@jsbn.example'),
  /** Support WhatsApp number, 10 digits (links add +91). */
  SUPPORT_PHONE: z.string().regex(/^\d{10}$/, 'must be 10 digits').default('9000000000'),
  /** The three how-to videos of the landing page: a web address or a path on this site; unset shows a placeholder. */
  HOWTO_VIDEO_GET_JSBN: videoUrl,
  HOWTO_VIDEO_ORDER_BOOK: videoUrl,
  HOWTO_VIDEO_JSBN_MORE: videoUrl,
  /** Create the demo accounts and catalogue on an empty database (default: yes outside production). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  seedDemo: boolean;
};

/**
 * Parses `env` (default `process.env`) into the typed configuration.
 * @throws Error naming each invalid variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const isProduction = config.NODE_ENV === 'production';
  return {
    ...config,
    dataDir: resolve(config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    isProduction,
    seedDemo: config.SEED_DEMO ? config.SEED_DEMO === 'true' : !isProduction,
  };
}
