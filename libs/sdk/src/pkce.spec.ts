import { createHash } from 'node:crypto';
import { base64url, pkcePair, sha256 } from './pkce';

describe('PKCE helpers', () => {
  it('computes SHA-256 as node:crypto does, across block boundaries', () => {
    for (const n of [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('makes an RFC 7636 S256 pair', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});
