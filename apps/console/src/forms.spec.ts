import { phoneFields, plainErrors, toE164 } from './forms';

describe('plainErrors (the server’s errors[] in the merchant’s words)', () => {
  it('names store fields by their labels, never by field names or technical wording', () => {
    const out = plainErrors(
      [
        { field: 'supportEmail', message: 'supportEmail must be a valid e-mail address' },
        { field: 'address.line1', message: 'line1 is required' },
        {
          field: 'logoBlackWhiteUrl',
          message: 'logoBlackWhiteUrl must be an https:// URL of at most 2,048 characters',
        },
        {
          field: 'socialLinks',
          message: 'socialLinks must hold only https:// URLs of at most 2,048 characters (item 1 is not one)',
        },
      ],
      { store: true, links: ['https://a.example.com', 'http://b.example.com'] },
    );
    expect(out).toEqual({
      supportEmail: 'Support email must be an e-mail address, e.g. help@yourshop.com.',
      'address.line1': 'Address line 1 is required.',
      logoBlackWhiteUrl:
        'Black and white logo URL must be a web address starting with https://, e.g. https://cdn.example.com/logo-bw.png.',
      socialLinks: 'Social links: link 2 (“http://b.example.com”) must start with https://.',
    });
  });

  it('names a branding image given as a media id by its file input, and the either-or by its URL field', () => {
    expect(
      plainErrors(
        [
          { field: 'faviconMediaId', message: 'must be a favicon media of this store' },
          { field: 'logoColorUrl', message: 'logoColorUrl or logoColorMediaId is required' },
        ],
        { store: true },
      ),
    ).toEqual({
      faviconMediaId: 'Favicon was not found among this store’s images: choose the file again.',
      logoColorUrl: 'Colour logo URL is required.',
    });
  });

  it('rewrites other forms’ messages under the field’s label', () => {
    expect(
      plainErrors([
        { field: 'handle', message: 'handle is already taken in this store' },
        { field: 'scopes', message: 'scopes must contain at least 1 elements' },
        { field: 'redirectUris', message: 'redirectUris is required' },
      ]),
    ).toEqual({
      handle: 'Handle is already taken in this store.',
      scopes: 'Scopes must contain at least one item.',
      redirectUris: 'Redirect uris is required.',
    });
  });
});

describe('toE164 (phones as people type them, read in the form’s country)', () => {
  it.each([
    ['+91 98765 43210', '', '+919876543210'],
    ['0091 98765 43210', '', '+919876543210'],
    ['+1 (202) 555-0143', 'IN', '+12025550143'],
    ['098765 43210', 'IN', '+919876543210'],
    ['98765-43210', 'IN', '+919876543210'],
    ['022-2345 6789', 'IN', '+912223456789'],
    // The case: a US mobile with Country = United States is a US number, never +91….
    ['(415) 555-2671', 'US', '+14155552671'],
    ['020 7946 0018', 'GB', '+442079460018'],
    ['', '', ''],
    ['not a number', 'US', 'not a number'],
  ])('%s in %s → %s', async (typed, country, e164) => {
    expect(await toE164(typed, country)).toEqual({ number: e164 });
  });

  it('refuses a number without its country code when no country is chosen, saying what to write', async () => {
    expect(await toE164('(415) 555-2671', '')).toEqual({
      refused: 'needs its country code, e.g. +1 415 555 2671, or a Country chosen below.',
    });
  });

  it('phoneFields: the numbers to send, and the refusals under their labels', async () => {
    expect(await phoneFields({ mobile: '(415) 555-2671', landline: '' }, 'US')).toEqual({
      numbers: { mobile: '+14155552671', landline: '' },
      errors: {},
    });
    expect(await phoneFields({ mobile: '415 555 2671', whatsappNumber: '+44 20 7946 0018' }, '')).toEqual({
      numbers: { whatsappNumber: '+442079460018' },
      errors: { mobile: 'Mobile needs its country code, e.g. +1 415 555 2671, or a Country chosen below.' },
    });
  });
});
