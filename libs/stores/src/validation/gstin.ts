/**
 * GSTIN (Indian Goods and Services Tax Identification Number), 15 characters:
 *   2  state code (01–38, 97 "other territory", 99 "centre jurisdiction")
 *   10 the holder's PAN: 5 letters, 4 digits, 1 letter
 *   1  entity number for the same PAN in the state (1–9, then A–Z)
 *   1  'Z' (reserved, always Z for regular taxpayers)
 *   1  check character
 * The check character is the GSTN's base-36 weighted checksum (a Luhn mod-36 variant): each of the
 * first 14 characters is its value in 0-9A-Z, multiplied by 1 and 2 alternately; each product adds its
 * base-36 quotient and remainder; the check value is (36 − sum mod 36) mod 36. A single mistyped
 * character always changes it, so typos are caught, not just malformed strings.
 * Special-format registrations (UN bodies, non-resident OIDAR suppliers) are out of scope.
 */
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

function validStateCode(code: number): boolean {
  return (code >= 1 && code <= 38) || code === 97 || code === 99;
}

/** The check character for the first 14 characters of a GSTIN (which must be 0-9A-Z). */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new Error('gstinCheckCharacter needs 14 characters 0-9A-Z');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARSET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36];
}

/** True for an upper-case GSTIN in the official pattern whose check character is right. */
export function isValidGstin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = PATTERN.exec(value);
  if (!match || !validStateCode(Number(match[1]))) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value[14];
}
