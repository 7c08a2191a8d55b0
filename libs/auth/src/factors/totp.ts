import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as the contract fixes it: HMAC-SHA-1, 6 digits, 30-second steps, one step of drift either way. */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps read from an otpauth URL). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step of a moment (milliseconds since the epoch). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one time step (RFC 4226 dynamic truncation, 6 digits). */
export function totpCode(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** DIGITS).toString().padStart(DIGITS, '0');
}

/**
 * The time step whose code `code` is, within one step of `nowStep` either way, or null. Every candidate
 * is compared (in constant time), so the answer's timing does not say which step matched.
 */
export function matchingStep(secret: Buffer, code: string, nowStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const given = Buffer.from(code);
  let found: number | null = null;
  for (let step = nowStep - DRIFT_STEPS; step <= nowStep + DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), given) && found === null) found = step;
  }
  return found;
}

/** The otpauth URL authenticator apps read (Key Uri Format), as the contract spells it. */
export function otpauthUrl(email: string, secret: string): string {
  return `otpauth://totp/Storefront:${encodeURIComponent(email)}?secret=${secret}&issuer=Storefront`;
}
