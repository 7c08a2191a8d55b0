/** Money as the API sends it: a decimal string with the currency's digits and its ISO 4217 code. */
export interface MoneyValue {
  amount: string;
  currencyCode: string;
}

/**
 * "₹12,499.00": the browser's own currency formatting (Intl.NumberFormat) in the user's locale. The
 * amount is at most 10^12 minor units, so the Number conversion is exact to the minor unit; a code the
 * browser does not know is shown as "12499.00 XYZ" rather than failing the page.
 */
export function formatMoney(money: MoneyValue): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currencyCode }).format(
      Number(money.amount),
    );
  } catch {
    return `${money.amount} ${money.currencyCode}`;
  }
}
