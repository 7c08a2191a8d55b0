import type { Store } from '@storefront-platform/sdk/browser';

/**
 * Fields that apply only in some countries, and defaults that follow the store's country: a merchant
 * outside India never reads about GST, and a new product is priced in the store's currency.
 */

/** Whether the GST number (India's GSTIN) applies to a store in this country (ISO 3166-1 alpha-2). */
export function gstApplies(country: string | null | undefined): boolean {
  return country === 'IN';
}

// The currency of each country (ISO 3166-1 → ISO 4217), grouped by currency. Committed rather than
// derived: Intl has no country → currency lookup. A country with several in use gets the one shops
// price in most (Panama: USD).
// prettier-ignore
const CURRENCY_COUNTRIES: Record<string, string> = {
  EUR: 'AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA YT',
  USD: 'AS BQ EC FM GU IO MH MP PA PR PW SV TC TL UM US VG VI',
  AUD: 'AU CC CX HM KI NF NR TV', NZD: 'CK NU NZ PN TK', GBP: 'GB GG GS IM JE', DKK: 'DK FO GL',
  NOK: 'BV NO SJ', CHF: 'CH LI', XOF: 'BF BJ CI GW ML NE SN TG', XAF: 'CF CG CM GA GQ TD',
  XCD: 'AG AI DM GD KN LC MS VC', XPF: 'NC PF WF', XCG: 'CW SX', MAD: 'EH MA', ILS: 'IL PS',
  AED: 'AE', AFN: 'AF', ALL: 'AL', AMD: 'AM', AOA: 'AO', ARS: 'AR', AWG: 'AW', AZN: 'AZ', BAM: 'BA',
  BBD: 'BB', BDT: 'BD', BHD: 'BH', BIF: 'BI', BMD: 'BM', BND: 'BN', BOB: 'BO', BRL: 'BR', BSD: 'BS',
  BTN: 'BT', BWP: 'BW', BYN: 'BY', BZD: 'BZ', CAD: 'CA', CDF: 'CD', CLP: 'CL', CNY: 'CN', COP: 'CO',
  CRC: 'CR', CUP: 'CU', CVE: 'CV', CZK: 'CZ', DJF: 'DJ', DOP: 'DO', DZD: 'DZ', EGP: 'EG', ERN: 'ER',
  ETB: 'ET', FJD: 'FJ', FKP: 'FK', GEL: 'GE', GHS: 'GH', GIP: 'GI', GMD: 'GM', GNF: 'GN', GTQ: 'GT',
  GYD: 'GY', HKD: 'HK', HNL: 'HN', HTG: 'HT', HUF: 'HU', IDR: 'ID', INR: 'IN', IQD: 'IQ', IRR: 'IR',
  ISK: 'IS', JMD: 'JM', JOD: 'JO', JPY: 'JP', KES: 'KE', KGS: 'KG', KHR: 'KH', KMF: 'KM', KPW: 'KP',
  KRW: 'KR', KWD: 'KW', KYD: 'KY', KZT: 'KZ', LAK: 'LA', LBP: 'LB', LKR: 'LK', LRD: 'LR', LSL: 'LS',
  LYD: 'LY', MDL: 'MD', MGA: 'MG', MKD: 'MK', MMK: 'MM', MNT: 'MN', MOP: 'MO', MRU: 'MR', MUR: 'MU',
  MVR: 'MV', MWK: 'MW', MXN: 'MX', MYR: 'MY', MZN: 'MZ', NAD: 'NA', NGN: 'NG', NIO: 'NI', NPR: 'NP',
  OMR: 'OM', PEN: 'PE', PGK: 'PG', PHP: 'PH', PKR: 'PK', PLN: 'PL', PYG: 'PY', QAR: 'QA', RON: 'RO',
  RSD: 'RS', RUB: 'RU', RWF: 'RW', SAR: 'SA', SBD: 'SB', SCR: 'SC', SDG: 'SD', SEK: 'SE', SGD: 'SG',
  SHP: 'SH', SLE: 'SL', SOS: 'SO', SRD: 'SR', SSP: 'SS', STN: 'ST', SYP: 'SY', SZL: 'SZ', THB: 'TH',
  TJS: 'TJ', TMT: 'TM', TND: 'TN', TOP: 'TO', TRY: 'TR', TTD: 'TT', TWD: 'TW', TZS: 'TZ', UAH: 'UA',
  UGX: 'UG', UYU: 'UY', UZS: 'UZ', VES: 'VE', VND: 'VN', VUV: 'VU', WST: 'WS', YER: 'YE', ZAR: 'ZA',
  ZMW: 'ZM', ZWG: 'ZW',
};
const BY_COUNTRY = new Map(
  Object.entries(CURRENCY_COUNTRIES).flatMap(([currency, countries]) =>
    countries.split(' ').map((country) => [country, currency] as const),
  ),
);

/** The currency a country prices in, or undefined (Antarctica, an unknown code). */
export function countryCurrency(country: string | null | undefined): string | undefined {
  return country ? BY_COUNTRY.get(country) : undefined;
}

/**
 * The currency a new product of this store starts with: the store's own (v1.4), as the API gives a product
 * created without one; for a store answer without it, its country's (USD when it has none yet).
 */
export function defaultCurrency(store: Pick<Store, 'address' | 'currencyCode'>): string {
  // (v1.4) The store's own currency, set at stage 1 or in Settings; a store without one (an older
  // answer) falls back to its country's.
  return store.currencyCode || (countryCurrency(store.address?.country) ?? 'USD');
}
