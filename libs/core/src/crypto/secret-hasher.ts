import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/config';

/** A kind of secret the API hands out once and keeps only as a keyed hash: its visible prefix, its hash purpose. */
export interface SecretKind {
  prefix: string;
  purpose: string;
}

/**
 * A new secret of a kind: `value` for the one answer that hands it out (never stored, logged or put in an
 * event), `hash` and `hint` (its last 4 characters, for telling secrets apart in lists) for the row.
 */
export interface IssuedSecret {
  value: string;
  hash: string;
  hint: string;
}

/**
 * Keyed hashes for everything secret at rest (OTPs, refresh tokens, client secrets, public tokens).
 * HMAC-SHA-256 keyed with OTP_PEPPER: a stolen table is useless without the key, and for
 * high-entropy secrets no slow KDF is needed (~3 µs a hash keeps the hot endpoints fast).
 * A 6-digit OTP has little entropy; it is protected by the key, the attempt limit and its short life.
 */
@Injectable()
export class SecretHasher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(config.otpPepper, 'utf8');
  }

  /** Hex HMAC of the value within a purpose (so a hash of one kind never matches another kind). */
  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(purpose).update('\0').update(value).digest('hex');
  }

  /** A new secret of the kind, with what is stored of it: the start of every credential's life (and of a rotation). */
  issue(kind: SecretKind): IssuedSecret {
    const value = randomSecret(kind.prefix);
    return { value, hash: this.hash(kind.purpose, value), hint: secretHint(value) };
  }

  /** Constant-time comparison of a candidate against a stored hash. */
  matches(purpose: string, candidate: string, storedHash: string): boolean {
    const a = Buffer.from(this.hash(purpose, candidate), 'hex');
    const b = Buffer.from(storedHash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** What lists show of a secret: its last 4 characters. */
export const secretHint = (secret: string): string => secret.slice(-4);

/** A random opaque secret: `prefix` + 256 bits in base64url. */
export function randomSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);
