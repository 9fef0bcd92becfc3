/**
 * Secrets for tokens and signed file URLs: from the environment, or generated on first start
 * into DATA_DIR/secrets.json (decision 006). Production refuses generated secrets.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

export interface Secrets {
  jwtSecret: string;
  fileSigningSecret: string;
  /**
   * The AES-256-GCM key (32 bytes) sealing operators' TOTP secrets (lib/totp-seal.ts, decision
   * 063): TOTP_SECRET_KEY; outside production, when unset, derived from the JWT secret (HKDF-SHA256)
   * — a development convenience only, since a copy of secrets.json then opens them.
   */
  totpKey: Buffer;
}

/** TOTP_SECRET_KEY as its 32 bytes, or derived from `jwtSecret` outside production. */
function totpKeyOf(config: Config, jwtSecret: string): Buffer {
  if (config.TOTP_SECRET_KEY) return Buffer.from(config.TOTP_SECRET_KEY, 'base64');
  if (config.isProduction) throw new Error('TOTP_SECRET_KEY must be set in production');
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'jsbn', 'totp secret key (development default)', 32));
}

/**
 * Returns the secrets of `config`, generating and saving missing ones outside production.
 * @throws Error in production when JWT_SECRET, FILE_SIGNING_SECRET or TOTP_SECRET_KEY is unset
 */
export function loadSecrets(config: Config): Secrets {
  if (config.JWT_SECRET && config.FILE_SIGNING_SECRET) {
    return { jwtSecret: config.JWT_SECRET, fileSigningSecret: config.FILE_SIGNING_SECRET, totpKey: totpKeyOf(config, config.JWT_SECRET) };
  }
  if (config.isProduction) throw new Error('JWT_SECRET and FILE_SIGNING_SECRET must be set in production');
  const file = join(config.dataDir, 'secrets.json');
  let saved: Partial<Secrets> = {};
  if (existsSync(file)) saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets = {
    jwtSecret: config.JWT_SECRET ?? saved.jwtSecret ?? randomBytes(32).toString('hex'),
    fileSigningSecret: config.FILE_SIGNING_SECRET ?? saved.fileSigningSecret ?? randomBytes(32).toString('hex'),
  };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return { ...secrets, totpKey: totpKeyOf(config, secrets.jwtSecret) };
}
