import { randomInt } from 'node:crypto';

/** No look-alikes: no 0 O o 1 l I (codes are upper case; lower case is read as upper case). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECOVERY_CODE_COUNT = 10;
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** Ten new recovery codes, `XXXX-XXXX-XXXX`: 12 characters from 31, about 59 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/**
 * A typed code in the form its hash was taken of: separators (hyphens, spaces) dropped, upper case.
 * Null when it cannot be a recovery code (so it is refused without a database read).
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === GROUPS * GROUP_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}
