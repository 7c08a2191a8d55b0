import { isRegisteredRedirectUri, redirectUriProblem } from './redirect-uris';

describe('redirect URIs (§13)', () => {
  it('registers https URLs and loopback http only, without fragments', () => {
    expect(redirectUriProblem('https://app.example.com/callback')).toBeNull();
    expect(redirectUriProblem('http://localhost:8080/cb')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1/cb')).toBeNull();
    expect(redirectUriProblem('http://[::1]:9/cb')).toBeNull();
    expect(redirectUriProblem('http://example.com/cb')).not.toBeNull();
    expect(redirectUriProblem('http://localhost.example.com/cb')).not.toBeNull();
    expect(redirectUriProblem('https://app.example.com/cb#x')).not.toBeNull();
    expect(redirectUriProblem('/cb')).not.toBeNull();
    expect(redirectUriProblem('https://u:p@app.example.com/cb')).not.toBeNull();
  });

  it('matches exactly, ignoring only a loopback port', () => {
    const registered = ['https://app.example.com/cb', 'http://127.0.0.1/cb'];
    expect(isRegisteredRedirectUri(registered, 'https://app.example.com/cb')).toBe(true);
    expect(isRegisteredRedirectUri(registered, 'https://app.example.com/cb/')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'https://APP.example.com/cb')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'https://app.example.com:443/cb')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'https://app.example.com/cb?x=1')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'http://127.0.0.1:51234/cb')).toBe(true);
    expect(isRegisteredRedirectUri(registered, 'http://127.0.0.1:51234/cb2')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'http://localhost:51234/cb')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'http://127.0.0.1:65535/cb')).toBe(true);
  });

  it('refuses a port outside 1–65535, at registration and at use', () => {
    for (const uri of ['http://127.0.0.1:99999/cb', 'http://127.0.0.1:65536/cb', 'http://127.0.0.1:0/cb'])
      expect(redirectUriProblem(uri)).not.toBeNull();
    expect(redirectUriProblem('https://app.example.com:0/cb')).not.toBeNull();
    const registered = ['http://127.0.0.1/cb', 'http://127.0.0.1:0/cb'];
    for (const uri of ['http://127.0.0.1:99999/cb', 'http://127.0.0.1:0/cb', 'http://127.0.0.1:00/cb'])
      expect(isRegisteredRedirectUri(registered, uri)).toBe(false);
  });
});
