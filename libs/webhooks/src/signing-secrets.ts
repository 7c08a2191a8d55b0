import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig, SecretBox, secretHint } from '@app/core';

/** `whsec_` + base64 of 32 random bytes, as Standard Webhooks prescribes. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

function newSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new signing secret: `value` for the one answer that shows it, `sealed` and `hint` for the row. */
export interface SealedSecret {
  value: string;
  sealed: string;
  hint: string;
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
 * Keeps signing secrets encrypted at rest (SecretBox, libs/core: AES-256-GCM under a key of their own
 * derived from OTP_PEPPER, the endpoint's id as associated data). Unlike client secrets and tokens
 * (stored as keyed hashes, because the service only ever compares them), a webhook secret must be USED:
 * every attempt computes an HMAC with it, and a hash cannot sign. Only the last four characters are kept
 * in clear (`secretHint`).
 */
@Injectable()
export class SigningSecretBox extends SecretBox {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.otpPepper, 'webhook-signing-secret/v1');
  }

  /**
   * A new signing secret sealed for `owner` (the associated data: the endpoint's id, or `app:<id>` for an
   * installed app's row) — the start of its life, and of every rotation, as SecretHasher.issue is for the
   * hashed credentials.
   */
  issue(owner: string): SealedSecret {
    const value = newSigningSecret();
    return { value, sealed: this.seal(owner, value), hint: secretHint(value) };
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
}
