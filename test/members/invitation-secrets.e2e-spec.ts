import { createStore, invite } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * (v1.4) The invitation's token is a secret in a URL path (`/console/invitations/<token>`, the link of its
 * mail): the access log shows the path with `:token` instead, and no log line carries the token. (Trace
 * spans get the same redaction: test/operations/tracing.e2e-spec.ts.)
 */
describe('invitation tokens in the access log', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({
      env: { LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => t?.close());

  it('logs the invitation page as /console/invitations/:token, however the path is spelled', async () => {
    const owner = (await t.signIn('owner@secrets.example')).access_token;
    const store = await createStore(t, owner, 'Secrets');
    const invited = (await t.signIn('invited@secrets.example')).access_token;
    const { token } = await invite(t, owner, store, 'invited@secrets.example', 'staff');
    for (const path of [`/console/invitations/${token}`, `//console/invitations/${token}?from=mail`]) {
      await fetch(`${t.baseUrl}${path}`, { headers: { 'x-request-id': 'invitation-page' } });
    }
    expect((await t.post('/v1/user/invitations/accept', { token }, { token: invited })).status).toBe(200);
    const requests = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.reqId === 'invitation-page' && l.msg === 'request');
    expect(requests.map((l) => l.path)).toEqual([
      '/console/invitations/:token',
      '/console/invitations/:token',
    ]);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain(token.slice(4));
  });
});
