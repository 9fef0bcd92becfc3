/**
 * An operator's TOTP secret at rest (decision 063): sealed with AES-256-GCM (NIST SP 800-38D,
 * node:crypto) under the key `TOTP_SECRET_KEY` (32 bytes, base64), so a copy of the database or
 * a backup alone does not give anyone the operators' second factor. A sealed value reads
 * `v1:` then base64url of the 12-byte IV, the 16-byte tag and the ciphertext; a value without the
 * prefix is a secret stored before sealing (plaintext base32), sealed at its first read.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that cannot be opened with this key. */
export class TotpKeyError extends Error {}

/** Whether `stored` is sealed (else a plaintext secret from before decision 063). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** `secret` (base32) sealed under `key` (32 bytes), a fresh IV each time. */
export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The secret `stored` holds: opened with `key`, or as it is when it was stored before sealing.
 * @throws TotpKeyError when `key` is not the key it was sealed with (or the value was altered)
 */
export function openTotpSecret(key: Buffer, stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new TotpKeyError(
      "An operator's TOTP secret could not be opened: TOTP_SECRET_KEY is not the key it was sealed with (set the key the secrets were sealed with, or re-enrol the operator with npm run operator:add)",
    );
  }
}
