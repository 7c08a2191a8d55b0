import { DomainError } from '@app/core';
import { readClientCredentials, readParams } from './oauth-params';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'none';
}

const basic = (user: string, pass: string) => 'Basic ' + Buffer.from(`${user}:${pass}`).toString('base64');

describe('readParams', () => {
  it('keeps known string parameters, drops empty and unknown ones', () => {
    expect(readParams({ grant_type: 'client_credentials', scope: '', extra: [1, 2] })).toEqual({
      grant_type: 'client_credentials',
    });
    expect(readParams(undefined)).toEqual({});
  });

  it('refuses repeated parameters, non-string values and non-object bodies', () => {
    expect(codeOf(() => readParams({ grant_type: ['a', 'b'] }))).toBe('invalid_request');
    expect(codeOf(() => readParams({ client_id: 42 }))).toBe('invalid_request');
    expect(codeOf(() => readParams([]))).toBe('invalid_request');
    expect(codeOf(() => readParams('grant_type=x'))).toBe('invalid_request');
  });
});

describe('readClientCredentials', () => {
  it('decodes Basic credentials form-urlencoded per RFC 6749 §2.3.1', () => {
    const creds = readClientCredentials(basic('sfc_a%3Ab', 'sfs_x+y%25z'), {});
    expect(creds).toEqual({ clientId: 'sfc_a:b', clientSecret: 'sfs_x y%z', basic: true });
    expect(readClientCredentials('basic  ' + Buffer.from('id:').toString('base64'), {}).clientSecret).toBe(
      '',
    );
  });

  it('takes client_secret_post from the body', () => {
    expect(readClientCredentials(undefined, { client_id: 'a', client_secret: 'b' })).toEqual({
      clientId: 'a',
      clientSecret: 'b',
      basic: false,
    });
  });

  it('refuses missing, malformed, mixed or other-scheme credentials', () => {
    expect(codeOf(() => readClientCredentials(undefined, {}))).toBe('invalid_client');
    expect(codeOf(() => readClientCredentials(undefined, { client_id: 'a' }))).toBe('invalid_client');
    expect(codeOf(() => readClientCredentials('Bearer sfp_abc', {}))).toBe('invalid_client');
    expect(codeOf(() => readClientCredentials('Basic !!!', {}))).toBe('invalid_client');
    expect(
      codeOf(() => readClientCredentials('Basic ' + Buffer.from('nocolon').toString('base64'), {})),
    ).toBe('invalid_client');
    expect(codeOf(() => readClientCredentials(basic('a', '%E0%A4%A'), {}))).toBe('invalid_client');
    expect(codeOf(() => readClientCredentials(basic('a', 'b'), { client_secret: 'b' }))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => readClientCredentials(basic('a', 'b'), { client_id: 'other' }))).toBe(
      'invalid_request',
    );
    expect(readClientCredentials(basic('a', 'b'), { client_id: 'a' }).clientId).toBe('a');
  });

  it('refuses a NUL in the decoded Basic credentials, raw or percent-encoded, as invalid_request', () => {
    expect(codeOf(() => readClientCredentials(basic('%00', 'b'), {}))).toBe('invalid_request');
    expect(codeOf(() => readClientCredentials(basic('a', 'b%00'), {}))).toBe('invalid_request');
    expect(codeOf(() => readClientCredentials(basic('\0', 'b'), {}))).toBe('invalid_request');
    // Percent-encoded UTF-16 surrogate bytes are not UTF-8: malformed credentials, as before.
    expect(codeOf(() => readClientCredentials(basic('%ED%A0%80', 'b'), {}))).toBe('invalid_client');
  });

  it('answers a Basic failure with a challenge, a body failure without', () => {
    try {
      readClientCredentials('Bearer x', {});
    } catch (error) {
      expect((error as DomainError).options.headers?.['WWW-Authenticate']).toMatch(/^Basic /);
    }
    try {
      readClientCredentials(undefined, {});
    } catch (error) {
      expect((error as DomainError).options.headers).toBeUndefined();
    }
    expect.assertions(2);
  });
});
