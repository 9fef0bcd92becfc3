/**
 * An operator's second factor: time-based one-time codes (TOTP, RFC 6238 — SHA-1, 6 digits,
 * 30-second steps, what every authenticator app reads) with otplib (decision 041).
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The issuer an authenticator app shows beside the operator's e-mail. */
export const TOTP_ISSUER = 'JSBN';
/** RFC 6238's time step X (seconds), otplib's default: a code changes every 30 s. */
const PERIOD_SECONDS = 30;
/** Codes of the step before or after the server's are accepted too: a phone's clock may be 30 s off. */
const TOLERANCE_SECONDS = 30;

/** A fresh secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI of `secret` for `email` (what the enrolment's QR code holds). */
export const totpUri = (email: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The time step (Unix seconds / 30, RFC 6238 §4) whose code `code` is — the server's step at
 * `now`, or the step just before or after it — or null for a wrong or malformed code. The caller
 * refuses a step at or before the last one it accepted (docs/api.md: a code signs in once). Never throws.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  try {
    const epoch = Math.floor(now.getTime() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
    // the server's step and the offset of the step whose code it was (-1, 0 or +1)
    return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

/** The code of `secret` at `now` — for tests and the enrolment's automation (`operator:add`). */
export const totpCodeAt = (secret: string, now: Date): Promise<string> => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
