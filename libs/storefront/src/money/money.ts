import { currencyDigits, isCurrencyCode } from './currencies';

export { isCurrencyCode };

/**
 * Money is kept as integer minor units (bigint in the database, BigInt here) and travels as a decimal
 * string with exactly the currency's digits ("499.00", "500" for JPY, "1.500" for KWD), so no amount is
 * ever a binary float.
 */

/** The largest price in minor units: with ≤ 100 lines of ≤ 10,000 units, a total stays far below 2^63. */
export const MAX_PRICE_MINOR = 10n ** 12n;

/** An amount as the API shows it, in GraphQL, REST and events alike: `{ amount: "499.00", currencyCode: "USD" }`. */
export interface Money {
  amount: string;
  currencyCode: string;
}

/** Money from minor units and a currency code. */
export function money(minor: bigint | string, currencyCode: string): Money {
  return { amount: formatAmount(minor, currencyCode), currencyCode };
}

/**
 * Why an amount was refused, when a client can act on it: `amount_precision` (v1.4) — more decimals than
 * its currency has; the amount is never rounded to fit.
 */
export type MoneyRefusal = 'amount_precision';

export type MoneyParseResult =
  | { ok: true; minor: bigint }
  | { ok: false; message: string; reason?: MoneyRefusal };

/** A non-negative decimal amount as the wire carries it: digits, optionally a dot and more digits. */
export const AMOUNT_PATTERN = /^(\d+)(?:\.(\d+))?$/;
const AMOUNT = AMOUNT_PATTERN;

/**
 * Parses a non-negative decimal amount in a currency into minor units. Refuses signs, exponents,
 * separators, and more fraction digits than the currency has (JPY "500.5" or even "500.0").
 */
export function parseAmount(amount: string, currencyCode: string): MoneyParseResult {
  const digits = currencyDigits(currencyCode);
  if (digits === undefined)
    return { ok: false, message: 'currencyCode must be an ISO 4217 code, e.g. "USD"' };
  const match = AMOUNT.exec(amount);
  if (!match || match[1].length > 16) {
    return { ok: false, message: 'price must be a non-negative decimal number such as "499.00"' };
  }
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return {
      ok: false,
      reason: 'amount_precision',
      message:
        digits === 0
          ? `price in ${currencyCode} takes no decimals`
          : `price in ${currencyCode} takes at most ${digits} decimals`,
    };
  }
  const minor = BigInt(match[1] + fraction.padEnd(digits, '0'));
  if (minor > MAX_PRICE_MINOR) return { ok: false, message: 'price is too large' };
  return { ok: true, minor };
}

/** Formats minor units as the wire amount with exactly the currency's digits. */
export function formatAmount(minor: bigint | string | number, currencyCode: string): string {
  const digits = currencyDigits(currencyCode) ?? 2;
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const result = digits === 0 ? whole : `${whole}.${text.slice(-digits)}`;
  return negative ? `-${result}` : result;
}
