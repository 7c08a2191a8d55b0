import { base32Decode, base32Encode, matchingStep, otpauthUrl, totpCode, totpStep } from './totp';

describe('TOTP (RFC 6238, SHA-1, 6 digits)', () => {
  // RFC 6238 appendix B: the SHA-1 seed "12345678901234567890"; its 8-digit values end in these 6 digits.
  const seed = Buffer.from('12345678901234567890');
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at T=%p the code is %p', (seconds, code) => {
    expect(totpCode(seed, totpStep(seconds * 1000))).toBe(code);
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw6ytboi').toString()).toBe('foobar');
    expect(() => base32Decode('0189')).toThrow();
  });

  it('accepts one step of drift either way, not two, and only six digits', () => {
    const now = 1_000_000;
    expect(matchingStep(seed, totpCode(seed, now - 1), now)).toBe(now - 1);
    expect(matchingStep(seed, totpCode(seed, now), now)).toBe(now);
    expect(matchingStep(seed, totpCode(seed, now + 1), now)).toBe(now + 1);
    expect(matchingStep(seed, totpCode(seed, now - 2), now)).toBeNull();
    expect(matchingStep(seed, totpCode(seed, now + 2), now)).toBeNull();
    expect(matchingStep(seed, ` ${totpCode(seed, now)}`, now)).toBeNull();
  });

  it('writes the otpauth URL the contract names', () => {
    expect(otpauthUrl('a+b@example.com', 'ABC')).toBe(
      'otpauth://totp/Storefront:a%2Bb%40example.com?secret=ABC&issuer=Storefront',
    );
  });
});
