import { ConfigError, loadConfig } from '@app/core';

/** The GOOGLE_* / GITHUB_* part of loadConfig. */
describe('social provider configuration', () => {
  const base = {
    NODE_ENV: 'test',
    JWT_SECRET: 'j'.repeat(32),
    OTP_PEPPER: 'p'.repeat(32),
  };

  function configError(env: Record<string, string>): ConfigError {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error('loadConfig accepted the configuration');
  }

  it('leaves both providers off when nothing is set, even with endpoint URLs around', () => {
    const config = loadConfig({ ...base, GOOGLE_TOKEN_URL: 'http://127.0.0.1:1/token' });
    expect(config.google).toBeNull();
    expect(config.github).toBeNull();
  });

  it("uses Google's and GitHub's real endpoints by default", () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      GITHUB_CLIENT_ID: 'hid',
      GITHUB_CLIENT_SECRET: 'hsecret',
    });
    expect(config.google).toEqual({
      clientId: 'gid',
      clientSecret: 'gsecret',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    expect(config.github).toEqual({
      clientId: 'hid',
      clientSecret: 'hsecret',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      apiUrl: 'https://api.github.com',
    });
  });

  it('takes every endpoint from the environment (trailing slash of the API URL dropped)', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:9000/authorize',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9000/userinfo',
      GITHUB_CLIENT_ID: 'hid',
      GITHUB_CLIENT_SECRET: 'hsecret',
      GITHUB_AUTHORIZATION_URL: 'http://127.0.0.1:9001/login/oauth/authorize',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:9001/login/oauth/access_token',
      GITHUB_API_URL: 'http://127.0.0.1:9001/api/v3/',
    });
    expect(config.google).toMatchObject({
      authorizationUrl: 'http://127.0.0.1:9000/authorize',
      tokenUrl: 'http://127.0.0.1:9000/token',
      userinfoUrl: 'http://127.0.0.1:9000/userinfo',
    });
    expect(config.github).toMatchObject({
      authorizationUrl: 'http://127.0.0.1:9001/login/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:9001/login/oauth/access_token',
      apiUrl: 'http://127.0.0.1:9001/api/v3',
    });
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'gid' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_SECRET: 'gsecret' }, 'GOOGLE_CLIENT_ID'],
    [{ GITHUB_CLIENT_ID: 'hid' }, 'GITHUB_CLIENT_SECRET'],
    [{ GITHUB_CLIENT_SECRET: 'hsecret' }, 'GITHUB_CLIENT_ID'],
    [{ GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: '   ' }, 'GOOGLE_CLIENT_SECRET'],
  ])('with only one half of the credentials (%j) names the missing %s', (env, missing) => {
    const error = configError(env);
    expect(error.variable).toBe(missing);
    expect(error.message).toBe(
      `Configuration error: ${missing} is required when ${missing.endsWith('_ID') ? missing.replace(/_ID$/, '_SECRET') : missing.replace(/_SECRET$/, '_ID')} is set`,
    );
  });

  it.each([
    ['GOOGLE_AUTHORIZATION_URL', 'not a url'],
    ['GOOGLE_TOKEN_URL', 'ftp://example.com/token'],
    ['GOOGLE_USERINFO_URL', 'javascript:alert(1)'],
  ])('refuses a bad %s when Google is on', (variable, value) => {
    const error = configError({ GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: 's', [variable]: value });
    expect(error.variable).toBe(variable);
  });

  it.each([
    ['GITHUB_AUTHORIZATION_URL', '/relative'],
    ['GITHUB_TOKEN_URL', 'file:///etc/passwd'],
    ['GITHUB_API_URL', 'api.github.com'],
  ])('refuses a bad %s when GitHub is on', (variable, value) => {
    const error = configError({ GITHUB_CLIENT_ID: 'hid', GITHUB_CLIENT_SECRET: 's', [variable]: value });
    expect(error.variable).toBe(variable);
  });
});
