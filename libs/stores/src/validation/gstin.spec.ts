import { gstinCheckCharacter, isValidGstin } from './gstin';

// Real, published GSTINs (each verified against the checksum below).
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM', '27AAACR5055K1Z7'];

describe('GSTIN', () => {
  it.each(VALID)('accepts %s', (gstin) => {
    expect(isValidGstin(gstin)).toBe(true);
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it('computes the base-36 weighted check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('rejects every wrong check character', () => {
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (c === 'V') continue;
      expect(isValidGstin(`27AAPFU0939F1Z${c}`)).toBe(false);
    }
  });

  it('catches single-character typos and swapped neighbours that keep the pattern', () => {
    expect(isValidGstin('27AAPFU0939F1ZV'.replace('0939', '0938'))).toBe(false); // one digit off
    expect(isValidGstin('27AAPFV0939F1ZV')).toBe(false); // U → V in the PAN
    expect(isValidGstin('29AAGCB7383J1Z4'.replace('7383', '7833'))).toBe(false); // transposition
    expect(isValidGstin('28AAPFU0939F1ZV')).toBe(false); // other state code, same check character
  });

  it.each([
    ['', 'empty'],
    ['27AAPFU0939F1Z', 'too short'],
    ['27AAPFU0939F1ZVX', 'too long'],
    ['27aapfu0939f1zv', 'lower case (callers upper-case first)'],
    ['27AAPFU0939F1YV', 'thirteenth character not Z'],
    ['27AAPFU0939F0ZV', 'entity number 0'],
    ['27AAPF10939F1ZV', 'digit where the PAN has a letter'],
    ['00AAPFU0939F1ZV', 'state code 00'],
    ['45AAPFU0939F1ZV', 'unassigned state code'],
    ['27 APFU0939F1ZV', 'space'],
  ])('rejects %j (%s)', (value) => {
    expect(isValidGstin(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidGstin(null)).toBe(false);
    expect(isValidGstin(27)).toBe(false);
  });
});
