import { createStore, image, uploadMedia, WebhookReceiver, webhookReceivers } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

interface Ev {
  id: string;
  type: string;
  actor: { type: string; id: string | null; name: string | null };
  data: Record<string, any>;
  createdAt: string;
}

/**
 * Deleting a media the store shows as its favicon or a logo (§17) clears that branding — the media id and
 * the URL written from it, which answers 404 from then on — and is one `store.updated`, written in the
 * deletion's transaction, whose `data` is the store as `GET` then answers it (without `role`). A branding
 * media the store does not show is deleted without any event. Raced with a `PUT` naming the media, the
 * store never ends up showing a deleted media.
 */
describe('deleting a branding media', () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let storeId: string;
  let hook: WebhookReceiver;
  const receiver = webhookReceivers();

  const store = () => `/v1/user/stores/${storeId}`;
  const upload = async (purpose: 'favicon' | 'logo') => {
    const res = await uploadMedia(t, owner, storeId, await image(200, 200), {
      purpose,
      contentType: 'image/png',
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; renditions: Record<string, string> };
  };
  const put = (body: Record<string, unknown>) => t.put(store(), body, { token: owner });
  const deleteMedia = (mediaId: string) => t.delete(`${store()}/media/${mediaId}`, { token: owner });
  /** The store's store.updated events, newest first. */
  const updates = async (): Promise<Ev[]> => {
    const res = await t.get(`${store()}/events?type=store.updated&limit=100`, { token: owner });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const newSince = (before: Ev[], after: Ev[]) => after.filter((e) => !before.some((b) => b.id === e.id));
  const withoutRole = ({ role: _role, ...rest }: Record<string, unknown>) => rest;

  beforeAll(async () => {
    t = await TestApp.start({
      env: { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '1', WEBHOOK_TIMEOUT: '5' },
    });
    const signed = await t.signIn('branding-events@example.com');
    owner = signed.access_token;
    ownerId = (await t.get('/v1/auth/me', { token: owner })).body.id;
    storeId = await createStore(t, owner, 'Branding Events');
    hook = await receiver();
    const created = await t.post(
      `${store()}/webhooks`,
      { url: hook.url(), events: ['store.updated'] },
      { token: owner },
    );
    expect(created.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('clears the favicon it showed (URL and id) and is one store.updated: the store as GET answers it, delivered to the endpoint', async () => {
    const favicon = await upload('favicon');
    const logo = await upload('logo');
    const set = await put({ faviconMediaId: favicon.id, logoColorMediaId: logo.id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ faviconUrl: favicon.renditions['180'], faviconMediaId: favicon.id });
    const before = await updates();

    expect((await deleteMedia(favicon.id)).status).toBe(204);

    const now = (await t.get(store(), { token: owner })).body;
    expect(now).toMatchObject({
      faviconUrl: null,
      faviconMediaId: null,
      // The logo from another media stays.
      logoColorUrl: logo.renditions.medium,
      logoColorMediaId: logo.id,
    });
    expect(Date.parse(now.updatedAt)).toBeGreaterThan(Date.parse(set.body.updatedAt));
    const events = newSince(before, await updates());
    expect(events).toHaveLength(1);
    expect(events[0].actor).toEqual({ type: 'account', id: ownerId, name: null });
    expect(events[0].data).toEqual(withoutRole(now));
    // The store changed when the event was written: the same transaction.
    expect(events[0].createdAt).toBe(now.updatedAt);
    expect((await fetch(favicon.renditions['180'])).status).toBe(404);

    // The endpoint receives it, with the same data.
    await hook.waitFor(() => hook.received.some((r) => r.headers['webhook-id'] === events[0].id));
    const body = JSON.parse(hook.received.find((r) => r.headers['webhook-id'] === events[0].id)!.body) as Ev;
    expect(body.type).toBe('store.updated');
    expect(body.data).toEqual(events[0].data);
  });

  it('one media shown as both logos clears both in one event', async () => {
    const logo = await upload('logo');
    expect((await put({ logoBlackWhiteMediaId: logo.id, logoColorMediaId: logo.id })).status).toBe(200);
    const before = await updates();
    expect((await deleteMedia(logo.id)).status).toBe(204);
    const events = newSince(before, await updates());
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      logoBlackWhiteUrl: null,
      logoBlackWhiteMediaId: null,
      logoColorUrl: null,
      logoColorMediaId: null,
    });
  });

  it('a branding media the store does not show (or no longer shows) is deleted without any event', async () => {
    const unused = await upload('logo');
    const replaced = await upload('favicon');
    expect((await put({ faviconMediaId: replaced.id })).status).toBe(200);
    // A URL in its place clears the id: the store no longer shows the media.
    const byUrl = await put({ faviconUrl: 'https://cdn.example.com/favicon.png' });
    expect(byUrl.body.faviconMediaId).toBeNull();
    const before = await updates();
    expect((await deleteMedia(unused.id)).status).toBe(204);
    expect((await deleteMedia(replaced.id)).status).toBe(204);
    expect(newSince(before, await updates())).toEqual([]);
    const now = (await t.get(store(), { token: owner })).body;
    expect(now.faviconUrl).toBe('https://cdn.example.com/favicon.png');
    expect(now.updatedAt).toBe(byUrl.body.updatedAt);
  });

  it('raced with PUTs naming the media, the store never shows it once deleted, and every change is an event', async () => {
    for (let round = 0; round < 4; round++) {
      const favicon = await upload('favicon');
      const before = await updates();
      const [putRes, deleted] = await Promise.all([
        put({ faviconMediaId: favicon.id }),
        deleteMedia(favicon.id),
      ]);
      expect(deleted.status).toBe(204);
      // Either the PUT committed first (and the deletion cleared it) or it found no media (400).
      expect([200, 400]).toContain(putRes.status);
      if (putRes.status === 400) {
        expect(putRes.body.errors.map((e: { field: string }) => e.field)).toEqual(['faviconMediaId']);
      }
      const now = (await t.get(store(), { token: owner })).body;
      expect(now.faviconMediaId).toBeNull();
      expect(now.faviconUrl === null || !String(now.faviconUrl).includes(favicon.id)).toBe(true);
      const events = newSince(before, await updates());
      expect(events.length).toBe(putRes.status === 200 ? 2 : 0);
      // The newest event is the store as it is now.
      if (events.length) expect(events[0].data).toEqual(withoutRole(now));
    }
  });
});
