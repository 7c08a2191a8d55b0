import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '@app/core';

/** `whsec_` + base64 of 32 random bytes, as Standard Webhooks prescribes. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The bytes the HMAC is keyed with: everything after `whsec_`, base64-decoded. */
function keyBytes(secret: string): Buffer {
  return Buffer.from(secret.slice(SIGNING_SECRET_PREFIX.length), 'base64');
}

/**
 * The `webhook-signature` value for one attempt: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one
 * per live secret, space-separated (during the 24 h after a rotation both the new and the old secret
 * sign, so a receiver can switch at its own pace).
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const mac = createHmac('sha256', keyBytes(secret))
        .update(`${id}.${timestamp}.${body}`)
        .digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

/**
 * Keeps signing secrets encrypted at rest. Unlike client secrets and tokens (stored as keyed hashes,
 * because the service only ever compares them), a webhook secret must be USED: every attempt computes an
 * HMAC with it, and a hash cannot sign. So it is sealed with AES-256-GCM under a key derived from
 * OTP_PEPPER with HKDF-SHA-256 (its own `info`, so the key is not the pepper's other uses), with a fresh
 * 96-bit IV per value and the endpoint's id as associated data — a sealed secret copied onto another
 * endpoint's row does not open. A stolen table without the pepper reveals nothing; only the last four
 * characters are kept in clear (`secretHint`).
 */
@Injectable()
export class SigningSecretBox {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(config.otpPepper, 'utf8'),
        'storefront',
        'webhook-signing-secret/v1',
        32,
      ),
    );
  }

  seal(endpointId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      sealed.toString('base64'),
    ].join('.');
  }

  /**
   * The secrets that sign an endpoint's attempt: the current one (it must open: else this throws) and, for
   * 24 h after a rotation, the previous one — unless that one no longer opens (a rotation made to recover
   * from a changed OTP_PEPPER): then the new secret signs alone.
   */
  liveSecrets(endpointId: string, current: string, previous: string | null): string[] {
    const secrets = [this.open(endpointId, current)];
    try {
      if (previous) secrets.push(this.open(endpointId, previous));
    } catch {
      // unreadable: skipped (above)
    }
    return secrets;
  }

  open(endpointId: string, sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
