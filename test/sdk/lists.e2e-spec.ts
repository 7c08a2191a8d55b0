import {
  APP_EVENT_SCOPES,
  APP_EVENT_TYPES,
  APP_SCOPES,
  DEFAULT_PUBLIC_TOKEN_SCOPES,
  EVENT_TYPES,
  PUBLIC_TOKEN_SCOPES,
  SCOPES,
} from '@app/sdk';
import { createStore } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * The lists the SDK exports for clients (the console's forms read them) are the server's own: the server
 * imports the scope lists from the SDK, and here the server's answers are asked about each entry of the
 * others — every event an installed app may subscribe to is accepted with the scope the SDK says it
 * needs and refused without it; every scope the SDK offers an app or a public token is accepted, and a
 * public token created without scopes gets the SDK's default.
 */
const REDIRECT = 'https://app.example.test/callback';
const HOOK = 'https://hooks.example.test/in';

describe('the SDK lists agree with the server', () => {
  let t: TestApp;
  let developer: string;

  beforeAll(async () => {
    t = await TestApp.start();
    developer = (await t.signIn('lists@example.com')).access_token;
  });
  afterAll(() => t?.close());

  it('the lists are consistent with each other', () => {
    expect(APP_EVENT_TYPES.filter((e) => !EVENT_TYPES.includes(e))).toEqual([]);
    // In the order of the list of every event type.
    expect(EVENT_TYPES.filter((e) => (APP_EVENT_TYPES as readonly string[]).includes(e))).toEqual([
      ...APP_EVENT_TYPES,
    ]);
    for (const list of [APP_SCOPES, PUBLIC_TOKEN_SCOPES, DEFAULT_PUBLIC_TOKEN_SCOPES])
      expect(list.filter((s) => !(SCOPES as readonly string[]).includes(s))).toEqual([]);
    for (const scope of Object.values(APP_EVENT_SCOPES))
      if (scope !== null) expect(APP_SCOPES).toContain(scope);
    expect(APP_EVENT_TYPES).toEqual(expect.arrayContaining(['order.fulfilled', 'order.cancelled']));
  });

  it('every app event is accepted with the scope the SDK names, and refused without it', async () => {
    const register = (scopes: string[], event: string) =>
      t.post(
        '/v1/user/apps',
        {
          name: `app for ${event}`,
          redirectUris: [REDIRECT],
          scopes,
          webhookUrl: HOOK,
          webhookEvents: [event],
        },
        { token: developer },
      );
    const answers: Record<string, [number, number | null]> = {};
    for (const event of APP_EVENT_TYPES) {
      const needs = APP_EVENT_SCOPES[event];
      const withIt = await register([needs ?? 'store:read'], event);
      // Without it: an app holding every other scope (none when the event needs none).
      const others = APP_SCOPES.filter((s) => s !== needs);
      const without = needs === null ? null : (await register(others, event)).status;
      answers[event] = [withIt.status, without];
    }
    const expected = Object.fromEntries(
      APP_EVENT_TYPES.map((e) => [e, [201, APP_EVENT_SCOPES[e] === null ? null : 400]]),
    );
    expect(answers).toEqual(expected);
  });

  it('an event outside the SDK list is refused', async () => {
    for (const event of EVENT_TYPES.filter((e) => !(APP_EVENT_TYPES as readonly string[]).includes(e))) {
      const res = await t.post(
        '/v1/user/apps',
        {
          name: 'x',
          redirectUris: [REDIRECT],
          scopes: [...APP_SCOPES],
          webhookUrl: HOOK,
          webhookEvents: [event],
        },
        { token: developer },
      );
      expect({ event, status: res.status, code: res.body.code }).toEqual({
        event,
        status: 400,
        code: 'validation_failed',
      });
    }
  });

  it("the scopes offered are the server's: an app and a public token take each; a token's default is the SDK's", async () => {
    const store = await createStore(t, developer, 'Lists');
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store, name: 'all scopes', scopes: [...APP_SCOPES] },
      { token: developer },
    );
    expect({ status: app.status, scopes: app.body.scopes }).toEqual({ status: 201, scopes: [...APP_SCOPES] });
    const token = await t.post(
      `/v1/user/stores/${store}/public-tokens`,
      { name: 'all scopes', scopes: [...PUBLIC_TOKEN_SCOPES] },
      { token: developer },
    );
    expect({ status: token.status, scopes: token.body.scopes }).toEqual({
      status: 201,
      scopes: [...PUBLIC_TOKEN_SCOPES],
    });
    const plain = await t.post(
      `/v1/user/stores/${store}/public-tokens`,
      { name: 'default' },
      { token: developer },
    );
    expect({ status: plain.status, scopes: plain.body.scopes }).toEqual({
      status: 201,
      scopes: [...DEFAULT_PUBLIC_TOKEN_SCOPES],
    });
    const wider = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store, name: 'cart', scopes: ['cart:write'] },
      { token: developer },
    );
    expect(wider.status).toBe(400);
  });
});
