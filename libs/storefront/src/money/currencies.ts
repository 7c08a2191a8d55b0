// The ISO 4217 table lives in @app/core: the stores context checks a store's currency with it too.
export { CURRENCY_DIGITS, currencyDigits, isCurrencyCode } from '@app/core';
