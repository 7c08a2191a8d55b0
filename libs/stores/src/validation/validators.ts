import { isEmail, isURL } from 'class-validator';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const MAX_URL_LENGTH = 2048;

/**
 * An absolute https:// URL of at most 2,048 characters with a real host name (a public-looking
 * domain or an IP address), no user:password@ part, no whitespace. validator.js (through
 * class-validator) does the parsing; we only pin the options.
 */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  if (!/^https:\/\//i.test(value)) return false;
  return isURL(value, {
    protocols: ['https'],
    require_protocol: true,
    require_valid_protocol: true,
    require_host: true,
    disallow_auth: true,
    max_allowed_length: MAX_URL_LENGTH,
  });
}

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A phone number written in E.164 (`+` country code, subscriber number, no spaces or punctuation)
 * that libphonenumber-js's full ("max") metadata considers a valid number of that country — so
 * `+91987654321` (a digit short) fails even though it looks like E.164. Any number type is accepted
 * (mobile, fixed line, VoIP …): a store's "mobile" may legitimately be a fixed-or-mobile number.
 */
export function isE164Phone(value: unknown): value is string {
  if (typeof value !== 'string' || !E164.test(value)) return false;
  const phone = parsePhoneNumberFromString(value);
  return !!phone && phone.number === value && phone.isValid();
}

export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address (validator.js rules, a domain with a TLD, no display name), ≤ 254 characters. */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && isEmail(value);
}

/** Length in Unicode code points — what PostgreSQL's varchar(n) counts, unlike String.length. */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

// NUL can never be stored by PostgreSQL (text or jsonb); other C0 controls have no business in
// one-line fields. Multi-line text (the description) may hold tab, CR and LF.
/* eslint-disable no-control-regex -- matching control characters is the point */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** A string of min…max code points without control characters (tab/CR/LF allowed when multiline). */
export function isText(value: unknown, min: number, max: number, multiline = false): value is string {
  if (typeof value !== 'string') return false;
  if ((multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)) return false;
  const length = codePointLength(value);
  return length >= min && length <= max;
}

export const MAX_SOCIAL_LINKS = 10;

/** What is wrong with a social-links list, or null: https URLs, at most 10, no duplicates. */
export function socialLinksProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be a list of https:// URLs';
  if (value.length > MAX_SOCIAL_LINKS) return `may hold at most ${MAX_SOCIAL_LINKS} links`;
  const bad = value.findIndex((link) => !isHttpsUrl(link));
  if (bad >= 0) {
    return `must hold only https:// URLs of at most ${MAX_URL_LENGTH.toLocaleString('en')} characters (item ${bad} is not one)`;
  }
  if (new Set(value).size !== value.length) return 'must not contain the same link twice';
  return null;
}

const POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,14}[A-Za-z0-9])?$/;

/** 1–16 letters, digits, spaces and hyphens, starting and ending with a letter or digit. */
export function isPostalCode(value: unknown): value is string {
  return typeof value === 'string' && POSTAL_CODE.test(value);
}
