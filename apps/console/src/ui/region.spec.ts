import { ISO_3166_ALPHA2 } from '@storefront-platform/sdk/browser';
import { countryCurrency, defaultCurrency, gstApplies } from './region';

describe('region-specific fields and defaults', () => {
  it('asks for a GST number only in India', () => {
    expect(gstApplies('IN')).toBe(true);
    for (const country of ['US', 'GB', 'DE', 'SG', null, undefined, ''])
      expect(gstApplies(country)).toBe(false);
  });

  it("defaults a product's currency from the store's country, never INR elsewhere", () => {
    const store = (country: string | null) => ({
      address: country ? ({ country } as never) : null,
      currencyCode: '',
    });
    expect(defaultCurrency(store('IN'))).toBe('INR');
    expect(defaultCurrency(store('US'))).toBe('USD');
    expect(defaultCurrency(store('DE'))).toBe('EUR');
    expect(defaultCurrency(store('GB'))).toBe('GBP');
    expect(defaultCurrency(store('JP'))).toBe('JPY');
    expect(defaultCurrency(store(null))).toBe('USD');
  });

  it("takes the store's own currency first (v1.4)", () => {
    expect(defaultCurrency({ address: { country: 'IN' } as never, currencyCode: 'JPY' })).toBe('JPY');
  });

  it('knows a currency for every inhabited ISO 3166-1 country, each an ISO 4217 code', () => {
    const missing = ISO_3166_ALPHA2.filter((c) => c !== 'AQ' && !countryCurrency(c));
    expect(missing).toEqual([]);
    const known = new Set(Intl.supportedValuesOf('currency'));
    const unknown = ISO_3166_ALPHA2.map(countryCurrency).filter((c) => c && !known.has(c));
    expect(unknown).toEqual([]);
  });
});
