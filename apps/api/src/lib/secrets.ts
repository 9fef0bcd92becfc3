/**
 * Secrets for tokens and signed file URLs: from the environment, or generated on first start
 * into DATA_DIR/secrets.json (DESIGN §6). Production refuses generated secrets.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

export interface Secrets {
  jwtSecret: string;
  fileSigningSecret: string;
}

/**
 * Returns the secrets of `config`, generating and saving missing ones outside production.
 * @throws Error in production when JWT_SECRET or FILE_SIGNING_SECRET is unset
 */
export function loadSecrets(config: Config): Secrets {
  if (config.JWT_SECRET && config.FILE_SIGNING_SECRET) {
    return { jwtSecret: config.JWT_SECRET, fileSigningSecret: config.FILE_SIGNING_SECRET };
  }
  if (config.isProduction) throw new Error('JWT_SECRET and FILE_SIGNING_SECRET must be set in production');
  const file = join(config.dataDir, 'secrets.json');
  let saved: Partial<Secrets> = {};
  if (existsSync(file)) saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: config.JWT_SECRET ?? saved.jwtSecret ?? randomBytes(32).toString('hex'),
    fileSigningSecret: config.FILE_SIGNING_SECRET ?? saved.fileSigningSecret ?? randomBytes(32).toString('hex'),
  };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}
