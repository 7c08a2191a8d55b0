import { CURRENCY_DIGITS } from './currencies';
import { formatAmount, isCurrencyCode, parseAmount } from './money';

describe('money', () => {
  it('parses amounts into minor units with the currency digits', () => {
    expect(parseAmount('499.00', 'USD')).toEqual({ ok: true, minor: 49900n });
    expect(parseAmount('499', 'USD')).toEqual({ ok: true, minor: 49900n });
    expect(parseAmount('0.5', 'EUR')).toEqual({ ok: true, minor: 50n });
    expect(parseAmount('500', 'JPY')).toEqual({ ok: true, minor: 500n });
    expect(parseAmount('1.5', 'KWD')).toEqual({ ok: true, minor: 1500n });
    expect(parseAmount('0', 'INR')).toEqual({ ok: true, minor: 0n });
  });

  it('refuses negatives, junk, too many decimals and unknown currencies', () => {
    for (const bad of ['-1', '-0.01', '1e3', '1,000', ' 1', '1.', '.5', '', 'abc', '0x10', '+1']) {
      expect(parseAmount(bad, 'USD').ok).toBe(false);
    }
    expect(parseAmount('1.001', 'USD')).toEqual({
      ok: false,
      reason: 'amount_precision',
      message: 'price in USD takes at most 2 decimals',
    });
    expect(parseAmount('500.0', 'JPY')).toEqual({
      ok: false,
      reason: 'amount_precision',
      message: 'price in JPY takes no decimals',
    });
    expect(parseAmount('1.0001', 'BHD')).toMatchObject({ ok: false, reason: 'amount_precision' });
    expect(parseAmount('1.001', 'BHD')).toEqual({ ok: true, minor: 1001n });
    expect(parseAmount('1.0001', 'KWD').ok).toBe(false);
    expect(parseAmount('1', 'usd').ok).toBe(false);
    expect(parseAmount('1', 'XXX').ok).toBe(false);
    expect(parseAmount('1', 'ABC').ok).toBe(false);
    expect(parseAmount('10000000000.01', 'USD')).toEqual({ ok: false, message: 'price is too large' });
    expect(parseAmount('10000000000.00', 'USD').ok).toBe(true);
  });

  it('formats minor units with exactly the currency digits', () => {
    expect(formatAmount(49900n, 'USD')).toBe('499.00');
    expect(formatAmount('5', 'USD')).toBe('0.05');
    expect(formatAmount(0, 'EUR')).toBe('0.00');
    expect(formatAmount(500n, 'JPY')).toBe('500');
    expect(formatAmount(1500n, 'KWD')).toBe('1.500');
    expect(formatAmount(7n, 'CLF')).toBe('0.0007');
    expect(formatAmount(999999999999999999n, 'USD')).toBe('9999999999999999.99');
  });

  it('round-trips every listed currency', () => {
    for (const code of Object.keys(CURRENCY_DIGITS)) {
      expect(isCurrencyCode(code)).toBe(true);
      const parsed = parseAmount('12', code);
      expect(parsed.ok).toBe(true);
      if (parsed.ok)
        expect(formatAmount(parsed.minor, code)).toBe(
          CURRENCY_DIGITS[code] ? `12.${'0'.repeat(CURRENCY_DIGITS[code])}` : '12',
        );
    }
    expect(isCurrencyCode('toString')).toBe(false);
  });
});
