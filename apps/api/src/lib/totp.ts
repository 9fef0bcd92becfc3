/**
 * An operator's second factor: time-based one-time codes (TOTP, RFC 6238 — SHA-1, 6 digits,
 * 30-second steps, what every authenticator app reads) with otplib (decision 041).
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The issuer an authenticator app shows beside the operator's e-mail. */
export const TOTP_ISSUER = 'JSBN';
/** Codes of the step before or after the server's are accepted too: a phone's clock may be 30 s off. */
const TOLERANCE_SECONDS = 30;

/** A fresh secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI of `secret` for `email` (what the enrolment's QR code holds). */
export const totpUri = (email: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * True when `code` is the code of `secret` at `now`, or of the step just before or after it.
 * Never throws for a wrong or malformed code.
 */
export async function checkTotp(secret: string, code: string, now: Date): Promise<boolean> {
  try {
    const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
    return result.valid;
  } catch {
    return false;
  }
}

/** The code of `secret` at `now` — for tests and the enrolment's automation (`operator:add`). */
export const totpCodeAt = (secret: string, now: Date): Promise<string> => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
