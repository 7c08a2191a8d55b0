import { TestApp, TestResponse } from '@app/testing/test-app';
import { GithubImitation } from '@app/testing/github-imitation';
import { GoogleProvider } from '@app/testing/google-provider';

export interface SocialProviders {
  t: TestApp;
  github: GithubImitation;
  google: GoogleProvider;
}

/**
 * For the describe it is called in: GitHub's imitation and Google's provider started, then the app
 * with both turned on and `appOrigin` allowed as a redirect origin; all three stopped after. Read the
 * fields in a hook or a test (they are set in beforeAll).
 */
export function withSocialProviders(appOrigin: string): SocialProviders {
  const started = {} as SocialProviders;
  beforeAll(async () => {
    [started.github, started.google] = await Promise.all([GithubImitation.start(), GoogleProvider.start()]);
    started.t = await TestApp.start({
      env: { ...started.github.env, ...started.google.env, AUTH_REDIRECT_ORIGINS: appOrigin },
    });
  });
  afterAll(async () => {
    await started.t?.close();
    await started.github?.stop();
    await started.google?.stop();
  });
  return started;
}

/** Trades a login code for tokens with the verifier of the page that started the sign-in. */
export function exchange(t: TestApp, loginCode: string, codeVerifier: string): Promise<TestResponse> {
  return t.post('/v1/auth/login/exchange', { login_code: loginCode, code_verifier: codeVerifier });
}
