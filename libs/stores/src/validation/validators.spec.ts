import {
  codePointLength,
  isE164Phone,
  isEmailAddress,
  isHttpsUrl,
  isPostalCode,
  isText,
  socialLinksProblem,
} from './validators';

describe('isHttpsUrl', () => {
  it.each([
    'https://example.com',
    'https://cdn.example.com/logo.png',
    'https://example.com/p?q=1#frag',
    'https://shop.example.co.in:8443/a/b',
    'https://93.184.216.34/x.png',
  ])('accepts %s', (url) => expect(isHttpsUrl(url)).toBe(true));

  it.each([
    ['http://example.com/logo.png', 'plain http'],
    ['ftp://example.com/x', 'other scheme'],
    ['javascript:alert(1)', 'script URL'],
    ['//example.com/x', 'scheme-relative'],
    ['example.com/x', 'no scheme'],
    ['https://', 'no host'],
    ['https://localhost/x', 'no public host name'],
    ['https://user:pw@example.com/', 'credentials'],
    ['https://exa mple.com/', 'whitespace'],
    [' https://example.com', 'leading space'],
    ['', 'empty'],
  ])('rejects %j (%s)', (url) => expect(isHttpsUrl(url)).toBe(false));

  it('allows exactly 2,048 characters and no more', () => {
    const base = 'https://example.com/';
    expect(isHttpsUrl(base + 'a'.repeat(2048 - base.length))).toBe(true);
    expect(isHttpsUrl(base + 'a'.repeat(2049 - base.length))).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isHttpsUrl(null)).toBe(false);
    expect(isHttpsUrl({ href: 'https://example.com' })).toBe(false);
  });
});

describe('isE164Phone', () => {
  it.each(['+919876543210', '+912226591234', '+14155552671', '+442071838750', '+4915112345678'])(
    'accepts %s',
    (phone) => expect(isE164Phone(phone)).toBe(true),
  );

  it.each([
    ['919876543210', 'no plus'],
    ['+91 98765 43210', 'spaces (not E.164 form)'],
    ['+1 (415) 555-2671', 'punctuation'],
    ['+91987654321', 'a digit short for India'],
    ['+9198765432100', 'a digit too many'],
    ['+10000000000', 'not a valid number in its plan'],
    ['+0919876543210', 'country code 0'],
    ['+1234567890123456', 'over 15 digits'],
    ['', 'empty'],
  ])('rejects %j (%s)', (phone) => expect(isE164Phone(phone)).toBe(false));

  it('rejects non-strings', () => expect(isE164Phone(919876543210)).toBe(false));
});

describe('isEmailAddress', () => {
  it.each(['help@example.com', 'support+shop@mail.example.co.in', 'a.b-c@ex-ample.org'])('accepts %s', (e) =>
    expect(isEmailAddress(e)).toBe(true),
  );
  it.each([
    '',
    'help',
    'help@',
    '@example.com',
    'help@example',
    'a b@example.com',
    'Help <help@example.com>',
  ])('rejects %j', (e) => expect(isEmailAddress(e)).toBe(false));
  it('allows 254 characters and no more', () => {
    const domain = (last: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.com`;
    expect(isEmailAddress(`${'a'.repeat(64)}@${domain(57)}`)).toBe(true); // 254
    expect(isEmailAddress(`${'a'.repeat(64)}@${domain(58)}`)).toBe(false); // 255
  });
});

describe('isText', () => {
  it('counts code points, as PostgreSQL varchar does', () => {
    expect(codePointLength('😀😀')).toBe(2);
    expect(isText('😀'.repeat(100), 1, 100)).toBe(true);
    expect(isText('😀'.repeat(101), 1, 100)).toBe(false);
  });
  it('enforces the minimum', () => {
    expect(isText('', 1, 100)).toBe(false);
    expect(isText('', 0, 100)).toBe(true);
  });
  it('refuses NUL and control characters; multi-line text may hold newlines and tabs', () => {
    expect(isText('a\u0000b', 0, 10, true)).toBe(false);
    expect(isText('a\nb', 0, 10)).toBe(false);
    expect(isText('a\n\tb\r\n', 0, 10, true)).toBe(true);
    expect(isText('a\u001bb', 0, 10, true)).toBe(false);
  });
});

describe('socialLinksProblem', () => {
  const link = (i: number) => `https://social.example.com/shop${i}`;
  it('accepts an empty list and up to 10 distinct https links', () => {
    expect(socialLinksProblem([])).toBeNull();
    expect(socialLinksProblem(Array.from({ length: 10 }, (_, i) => link(i)))).toBeNull();
  });
  it('refuses 11 links', () => {
    expect(socialLinksProblem(Array.from({ length: 11 }, (_, i) => link(i)))).toMatch(/at most 10/);
  });
  it('refuses duplicates', () => {
    expect(socialLinksProblem([link(1), link(1)])).toMatch(/twice/);
  });
  it('refuses non-https items and non-lists', () => {
    expect(socialLinksProblem([link(1), 'http://x.example.com'])).toMatch(/item 1/);
    expect(socialLinksProblem([42])).toMatch(/item 0/);
    expect(socialLinksProblem('https://x.example.com')).toMatch(/list/);
  });
});

describe('isPostalCode', () => {
  it.each(['560001', 'SW1A 1AA', '94105-1234', 'K1A0B1', '1'])('accepts %j', (c) =>
    expect(isPostalCode(c)).toBe(true),
  );
  it.each(['', ' 560001', '560001 ', '56_0001', 'A'.repeat(17), '-1'])('rejects %j', (c) =>
    expect(isPostalCode(c)).toBe(false),
  );
});
