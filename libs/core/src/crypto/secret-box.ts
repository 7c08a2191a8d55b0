import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the service must USE, not only compare (a webhook signing secret signs every attempt; a TOTP
 * secret computes every code), so a keyed hash will not do: they are sealed at rest with AES-256-GCM
 * under a key derived from OTP_PEPPER with HKDF-SHA-256 — each kind of secret with its own `info`, so no
 * two kinds share a key and none is the pepper's other uses — with a fresh 96-bit IV per value and the
 * owning row's id as associated data: a sealed value copied onto another row does not open. A stolen
 * table without the pepper reveals nothing. Format: `v1.<iv>.<tag>.<ciphertext>` (base64 parts).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(pepper: string, info: string) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(pepper, 'utf8'), 'storefront', info, 32));
  }

  seal(owner: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      sealed.toString('base64'),
    ].join('.');
  }

  /** The secret, or an error when the value is not sealed for this owner under this key. */
  open(owner: string, sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
