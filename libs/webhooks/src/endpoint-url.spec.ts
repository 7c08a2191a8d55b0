import { endpointUrlProblem } from './endpoint-url';

describe('endpointUrlProblem', () => {
  it('accepts https URLs with a public host or a name (names are checked at each attempt)', () => {
    for (const url of ['https://example.com/hook', 'https://93.184.215.14:8443/h?x=1', 'https://localhost/h'])
      expect(endpointUrlProblem(url, false)).toBeNull();
  });

  it.each([
    ['http://example.com/hook', 'url must be https://'],
    ['https://user:pw@example.com/hook', 'url must not contain credentials'],
    ['https://user@example.com/hook', 'url must not contain credentials'],
    ['/relative', 'url must be an absolute URL'],
    ['ftp://example.com/', 'url must be https://'],
    ['https://127.0.0.1/', 'url must not point to a loopback, private, link-local or other local address'],
    ['https://[::1]/', 'url must not point to a loopback, private, link-local or other local address'],
    ['https://0x7f000001/', 'url must not point to a loopback, private, link-local or other local address'],
    [
      'https://169.254.169.254/',
      'url must not point to a loopback, private, link-local or other local address',
    ],
  ])('refuses %s', (url, problem) => {
    expect(endpointUrlProblem(url, false)).toBe(problem);
  });

  it('WEBHOOK_ALLOW_LOCAL allows http:// and local addresses, never credentials', () => {
    expect(endpointUrlProblem('http://127.0.0.1:8080/h', true)).toBeNull();
    expect(endpointUrlProblem('https://10.0.0.1/h', true)).toBeNull();
    expect(endpointUrlProblem('http://u:p@127.0.0.1/h', true)).toBe('url must not contain credentials');
    expect(endpointUrlProblem('ftp://127.0.0.1/h', true)).toBe('url must be http:// or https://');
  });
});
