import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct codes of at least 10 characters without look-alikes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code.replace(/-/g, '').length).toBeGreaterThanOrEqual(10);
      expect(code).not.toMatch(/[0Oo1lI]/);
    }
  });

  it('are read without separators and case', () => {
    const [code] = newRecoveryCodes();
    const bare = code.replace(/-/g, '');
    expect(normalizeRecoveryCode(code)).toBe(bare);
    expect(normalizeRecoveryCode(` ${code.toLowerCase()} `)).toBe(bare);
    expect(normalizeRecoveryCode(bare.replace(/-/g, ' '))).toBe(bare);
    expect(normalizeRecoveryCode('0000-0000-0000')).toBeNull();
    expect(normalizeRecoveryCode('ABCD')).toBeNull();
  });
});
