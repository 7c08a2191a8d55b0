import { allowedRedirectUri, withParam } from './redirect-uri.policy';

describe('allowedRedirectUri', () => {
  const origins = ['https://app.example.com', 'http://localhost:5173'];

  it('accepts a URL under an allowed origin', () => {
    expect(allowedRedirectUri('https://app.example.com/auth/done?x=1', origins)).toBe(
      'https://app.example.com/auth/done?x=1',
    );
    expect(allowedRedirectUri('http://localhost:5173/cb', origins)).toBe('http://localhost:5173/cb');
  });

  it.each([
    'https://app.example.com.evil.com/cb', // suffix
    'https://evil.com/https://app.example.com', // path
    'https://app.example.com@evil.com/cb', // user info trick: the host is evil.com
    'https://user:pw@app.example.com/cb', // user info on the right host
    'http://app.example.com/cb', // other scheme
    'https://app.example.com:8443/cb', // other port
    'http://localhost:5174/cb',
    'javascript:alert(1)',
    '//app.example.com/cb', // relative
    '/cb',
    'not a url',
    'https://app.example.com/' + 'a'.repeat(2048),
  ])('refuses %s', (uri) => {
    expect(allowedRedirectUri(uri, origins)).toBeNull();
  });

  it('refuses everything when no origin is allowed', () => {
    expect(allowedRedirectUri('https://app.example.com/cb', [])).toBeNull();
  });
});

describe('withParam', () => {
  it('adds or replaces a parameter and keeps the rest', () => {
    expect(withParam('https://a.test/cb?x=1#frag', 'login_code', 'sfl_abc')).toBe(
      'https://a.test/cb?x=1&login_code=sfl_abc#frag',
    );
    expect(withParam('https://a.test/cb?login_code=old', 'login_code', 'new')).toBe(
      'https://a.test/cb?login_code=new',
    );
  });
});
