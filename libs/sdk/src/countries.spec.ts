import { ISO_3166_ALPHA2, isCountryCode } from './countries';

describe('isCountryCode', () => {
  it('has the 249 officially assigned codes, each once', () => {
    expect(ISO_3166_ALPHA2).toHaveLength(249);
    expect(new Set(ISO_3166_ALPHA2).size).toBe(249);
    for (const code of ISO_3166_ALPHA2) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each(['IN', 'US', 'DE', 'AQ', 'BV', 'AX', 'SS', 'BQ'])('accepts %s', (c) =>
    expect(isCountryCode(c)).toBe(true),
  );

  it.each(['in', 'IND', 'XK', 'UK', 'EU', 'ZZ', 'AC', '', 'I'])('rejects %j', (c) =>
    expect(isCountryCode(c)).toBe(false),
  );
});
