import { TestApp } from '@app/testing';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('signs in and reads /me', async () => {
    const pair = await t.signIn('smoke@example.com');
    const me = await t.get('/v1/auth/me', { token: pair.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('smoke@example.com');
  });
});
