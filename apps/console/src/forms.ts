import { RefObject, useEffect } from 'react';
import { ISO_3166_ALPHA2 } from '@storefront-platform/sdk/browser';

/** The store form's labels by the server's field names (`errors[].field`), as the merchant sees them. */
export const STORE_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  faviconUrl: 'Favicon URL',
  logoBlackWhiteUrl: 'Black and white logo URL',
  logoColorUrl: 'Colour logo URL',
  faviconMediaId: 'Favicon',
  logoBlackWhiteMediaId: 'Black and white logo',
  logoColorMediaId: 'Coloured logo',
  mobile: 'Mobile',
  landline: 'Landline',
  supportEmail: 'Support email',
  whatsappNumber: 'WhatsApp number',
  address: 'Address',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.city': 'City',
  'address.state': 'State',
  'address.postalCode': 'Postal code',
  'address.country': 'Country',
  region: 'Region',
  gstNumber: 'GST number',
  socialLinks: 'Social links',
};

/**
 * Longest values the server takes (code points) of the fields people do write at length, shown as a live
 * count while typing (the address lines' 100–200 are out of reach of real addresses: no count there).
 */
export const MAX_CHARS: Record<string, number> = {
  name: 100,
  description: 2000,
};

const PHONE_HINT =
  'write it with its country code, e.g. +1 415 555 2671, or as you dial it in the Country chosen below';

/** What to do about a refused field, in the merchant's words (the server's wording names internal fields). */
const ADVICE: Record<string, string> = {
  name: 'must be 1 to 100 characters.',
  description: 'must be at most 2,000 characters.',
  faviconUrl: 'must be a web address starting with https://, e.g. https://cdn.example.com/favicon.png.',
  logoBlackWhiteUrl:
    'must be a web address starting with https://, e.g. https://cdn.example.com/logo-bw.png.',
  logoColorUrl: 'must be a web address starting with https://, e.g. https://cdn.example.com/logo.png.',
  faviconMediaId: 'was not found among this store’s images: choose the file again.',
  logoBlackWhiteMediaId: 'was not found among this store’s images: choose the file again.',
  logoColorMediaId: 'was not found among this store’s images: choose the file again.',
  mobile: `is not a phone number we recognise: ${PHONE_HINT}.`,
  landline: `is not a phone number we recognise: ${PHONE_HINT}.`,
  whatsappNumber: `is not a phone number we recognise: ${PHONE_HINT}.`,
  supportEmail: 'must be an e-mail address, e.g. help@yourshop.com.',
  'address.line1': 'must be 1 to 200 characters.',
  'address.line2': 'must be at most 200 characters.',
  'address.city': 'must be 1 to 100 characters.',
  'address.state': 'must be 1 to 100 characters.',
  'address.postalCode': 'may hold only letters, digits, spaces and hyphens (at most 16).',
  'address.country': 'must be chosen from the list.',
  region: 'must be 1 to 100 characters.',
  gstNumber:
    'must be a 15-character GSTIN, e.g. 27AAPFU0939F1ZV (its last character is a check character: look for a typo).',
  socialLinks: 'must be web addresses starting with https://, one per line, at most 10, each once.',
};

/** Labels of the other forms' fields (sign-in, OAuth apps, public tokens, products). */
const OTHER_LABELS: Record<string, string> = {
  email: 'Email',
  otp: 'Code',
  scopes: 'Scopes',
  handle: 'Handle',
  title: 'Title',
  price: 'Price',
  currencyCode: 'Currency',
  inventory: 'Stock',
  allowedOrigins: 'Allowed origins',
};

/** "whatsappNumber" → "Whatsapp number": the last resort for a field no form names. */
const humanise = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The server's sentence with its leading field name replaced by the label, in plain words. */
function generic(key: string, message: string, label: string): string {
  const last = key.split('.').pop() ?? key;
  let rest = message.startsWith(`${last} `) ? message.slice(last.length + 1) : message;
  rest = rest
    .replace(/at least 1 elements?/g, 'at least one item')
    .replace(/(\d+) elements/g, '$1 items')
    .replace(/\s*\(item \d+ is not one\)/g, '');
  return `${label} ${rest}`.replace(/\.?$/, '.');
}

/**
 * One sentence per refused field, naming the field by its label: the server's `errors[]` use field names
 * (`supportEmail`, `address.line1`) and technical wording ("item 0 is not one"); these never reach the page.
 * `socialLinks.2` (and "item 2" in the message) become "Social links: link 3 …". Store fields get the
 * console's own advice; other forms' fields get the server's sentence under the field's label.
 */
export function plainErrors(
  errors: { field: string; message: string }[],
  { links = [], store = false }: { links?: string[]; store?: boolean } = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) {
    let key = field;
    let item: number | null = null;
    const nested = /^socialLinks\.(\d+)$/.exec(field);
    if (nested) {
      key = 'socialLinks';
      item = Number(nested[1]);
    }
    if (/^allowedOrigins\.\d+$/.test(field)) key = 'allowedOrigins';
    const inMessage = /item (\d+) is not one/.exec(message);
    if (store && key === 'socialLinks' && inMessage) item = Number(inMessage[1]);
    if (out[key]) continue;
    const label = (store ? STORE_LABELS[key] : OTHER_LABELS[key]) ?? humanise(key.split('.').pop() ?? key);
    if (/is required/.test(message)) out[key] = `${label} is required.`;
    else if (store && key === 'socialLinks' && item !== null)
      out[key] =
        `Social links: link ${item + 1}${links[item] ? ` (“${links[item]}”)` : ''} must start with https://.`;
    else if (key === 'socialLinks' && /at most/.test(message))
      out[key] = 'Social links: at most 10 links, one per line.';
    else if (key === 'allowedOrigins')
      out[key] = /at most/.test(message)
        ? 'Allowed origins: at most 10, one per line.'
        : 'Allowed origins: each line must be an address like https://shop.example.com (no path), each once.';
    else if (key === 'socialLinks' && /twice/.test(message))
      out[key] = 'Social links: the same link is there twice.';
    else if (store && ADVICE[key]) out[key] = `${label} ${ADVICE[key]}`;
    else out[key] = generic(key, message, label);
  }
  return out;
}

/** What a typed phone number becomes: the number to send, or why it is refused before sending. */
export type PhoneInput = { number: string } | { refused: string };

/**
 * A phone number as people type it ("+1 (415) 555-2671", "(415) 555-2671", "098765 43210") in E.164
 * (+14155552671), the only form the service stores. A number with its country code (a leading + or 00)
 * is read as written; one without is read in `country` — the Country chosen on the same form, so
 * "(415) 555-2671" with the United States is +14155552671 and "098765 43210" with India +919876543210.
 * With no country chosen it is refused here, with a sentence naming the form expected: guessing a
 * country stored silently wrong numbers (a US mobile became +91…). Anything that does not parse is sent
 * as typed, for the server to refuse.
 */
export async function toE164(typed: string, country: string): Promise<PhoneInput> {
  const text = typed.trim();
  if (!text) return { number: text };
  const international = /^(\+|00)/.test(text);
  if (!international && !/^[A-Z]{2}$/.test(country))
    return { refused: `needs its country code, e.g. +1 415 555 2671, or a Country chosen below.` };
  // Loaded on first use (about 40 kB gzipped of metadata): the first page stays small.
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const phone = international
    ? parsePhoneNumberFromString(text.replace(/^00/, '+'))
    : parsePhoneNumberFromString(text, country as Parameters<typeof parsePhoneNumberFromString>[1]);
  return { number: phone ? phone.number : text };
}

/**
 * Fields the console refuses itself, before anything is sent (a phone number it cannot read without a
 * country): shown exactly as the server's refusals are (fieldErrors), at their fields.
 */
export class FieldRefusal extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('refused before sending');
    this.name = 'FieldRefusal';
  }
}

/** The numbers to send for the phone fields, or a FieldRefusal naming those that cannot be read. */
export async function phonesOrRefuse(
  typed: Record<string, string>,
  country: string,
): Promise<Record<string, string>> {
  const { numbers, errors } = await phoneFields(typed, country);
  if (Object.keys(errors).length > 0) throw new FieldRefusal(errors);
  return numbers;
}

/**
 * The phone fields of a store form, each read in the form's Country (toE164): the numbers to send, and
 * the fields refused before sending (by field name, in the merchant's words, as plainErrors gives them).
 */
export async function phoneFields(
  typed: Record<string, string>,
  country: string,
): Promise<{ numbers: Record<string, string>; errors: Record<string, string> }> {
  const numbers: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(typed)) {
    const read = await toE164(text, country);
    if ('refused' in read) errors[field] = `${STORE_LABELS[field] ?? field} ${read.refused}`;
    else numbers[field] = read.number;
  }
  return { numbers, errors };
}

/** ISO 3166-1 alpha-2 codes with their names in the browser's language, sorted by name. */
export function countries(locale = navigator.language || 'en'): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return ISO_3166_ALPHA2.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** Code points, as the server counts (an emoji is one character, not two). */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * Once the server's refusals are on the page, focus moves to the first field marked invalid (an effect,
 * so it runs after React has rendered them).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}
