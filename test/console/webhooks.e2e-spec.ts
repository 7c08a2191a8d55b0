import { createStore, WebhookReceiver } from '@app/testing';
import { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { TestApp } from '@app/testing/test-app';
import { checkStorePage, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * A store's Webhooks page of the console in a real browser (Debian's Chromium, driven by playwright-core)
 * against the real server and a real receiver on 127.0.0.1 that answers 500 first and 200 after: an
 * endpoint added in the console (its secret shown once, and it signs the deliveries), a test event whose
 * first attempt fails, a retry that succeeds with the same webhook-id, Disable / Enable, Rotate secret
 * (the new secret signs the next delivery), Delete after a confirmation; an endpoint with a long unbroken
 * URL whose deliveries are paged with "Load more". No axe-core violation of any impact at 1280 and 375 px,
 * exactly one h1, no sideways scroll at 375 px (and at 375 px in the dark scheme); screenshots in
 * test/.screenshots/.
 */
const EMAIL = 'console-webhooks@example.com';

describe('console: a store’s Webhooks page', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  let base: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    // The first request fails with 500, every later one succeeds.
    receiver.answer = (_request, index) => ({ status: index === 0 ? 500 : 200 });
    t = await TestApp.start({
      env: {
        WEBHOOK_ALLOW_LOCAL: 'true',
        // One automatic retry, 10 minutes on: the test's own Retry is the attempt that succeeds.
        WEBHOOK_RETRY_SCHEDULE: '600',
        WEBHOOK_TIMEOUT: '3',
      },
    });
    base = t.config.publicUrl;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  const check = (page: Page, name: string): Promise<void> =>
    checkStorePage(page, name, [
      ['light', 1280],
      ['light', 375],
      ['dark', 375],
    ]);
  const signIn = (page: Page, email: string): Promise<void> => signInToConsole(page, t, email);

  /** The secret in the open "signing secret" dialog, after which the dialog is closed with Done. */
  async function takeSecret(page: Page, title: string, shot?: string): Promise<string> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Copy secret' }).waitFor();
    const secret = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    if (shot) await check(page, shot);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Shown once: nowhere on the page any more.
    expect(await page.getByText(secret).count()).toBe(0);
    return secret;
  }

  it('adds an endpoint, tests, retries, disables, enables, rotates and deletes it', async () => {
    const { access_token: owner } = await t.signIn(EMAIL);
    const storeId = await createStore(t, owner, 'Hook Shop', 'Hooks');
    const list = async () =>
      (await t.get(`/v1/user/stores/${storeId}/webhooks`, { token: owner })).body as {
        id: string;
        url: string;
        events: string[];
        enabled: boolean;
        disabledReason: string | null;
        secretHint: string;
      }[];
    const hookUrl = receiver.url('/hook');
    const hooks = () => receiver.received.filter((r) => r.headers['user-agent']?.startsWith('Storefront'));

    const page = await newPage();
    await signIn(page, EMAIL);
    await page.goto(`${base}/console/stores/${storeId}`);
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();

    // A refused URL is said in plain words under its field, named by its label.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('ftp://example.com/hook');
    await form.getByRole('checkbox', { name: 'order.created' }).check();
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await form.getByText('Endpoint URL must be http:// or https://.').waitFor();
    await check(page, 'webhook-form');

    // Created: the secret shown once, with a copy button.
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(hookUrl);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Order sync');
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    const secret = await takeSecret(page, 'Signing secret', 'webhook-secret');
    const card = page.getByRole('article', { name: hookUrl, exact: true });
    await card.getByText('Enabled', { exact: true }).waitFor();
    await card.getByText(`••••${secret.slice(-4)}`).waitFor();
    await card.getByText('Nothing delivered yet.', { exact: false }).waitFor();
    const [created] = await list();
    expect(created).toMatchObject({ url: hookUrl, events: ['order.created'], enabled: true });
    expect(created.secretHint).toBe(secret.slice(-4));

    // A test event: the first attempt gets the receiver's 500; the delivery waits for its retry.
    await card.getByRole('button', { name: 'Send test event' }).click();
    const rows = card.getByRole('row');
    const first = rows.filter({ hasText: 'webhook.test' }).first();
    await first.getByText('HTTP 500 in').waitFor();
    await first.getByText('Pending').waitFor();
    expect(hooks()).toHaveLength(1);

    // Retry: one more attempt now, same webhook-id, and it succeeds.
    await first.getByRole('button', { name: 'Retry' }).click();
    await first.getByText('Succeeded').waitFor();
    await first.getByText('HTTP 200 in').waitFor();
    expect(await first.getByRole('listitem').count()).toBe(2);
    expect(hooks()).toHaveLength(2);
    const [attempt1, attempt2] = hooks();
    expect(attempt2.headers['webhook-id']).toBe(attempt1.headers['webhook-id']);
    // The secret the page showed is the one that signs the deliveries.
    const event = new Webhook(secret).verify(attempt2.body, attempt2.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'webhook.test', storeId, data: { endpointId: created.id } });

    // Another endpoint, with a long unbroken URL that refuses connections: 11 deliveries of store changes
    // (test events are limited to 10 a minute per store), then disabled by its owner, its deliveries
    // paged 10 at a time.
    const longUrl = `http://127.0.0.1:1/${'x'.repeat(160)}`;
    const other = await t.post(
      `/v1/user/stores/${storeId}/webhooks`,
      { url: longUrl, events: ['store.updated'] },
      { token: owner },
    );
    expect(other.status).toBe(201);
    const otherId = other.body.id as string;
    for (let i = 0; i < 11; i++)
      expect(
        (await t.put(`/v1/user/stores/${storeId}`, { description: `Change ${i}` }, { token: owner })).status,
      ).toBe(200);
    // Every first attempt made (connection refused) before it is disabled and the page reads them (the page
    // does not poll on its own).
    for (let tries = 0; ; tries++) {
      const page11 = await t.get(`/v1/user/stores/${storeId}/webhooks/${otherId}/deliveries?limit=20`, {
        token: owner,
      });
      const deliveries = page11.body.data as { attempts: unknown[] }[];
      if (deliveries.length === 11 && deliveries.every((d) => d.attempts.length > 0)) break;
      if (tries > 100) throw new Error('the 11 deliveries were not attempted within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      (await t.put(`/v1/user/stores/${storeId}/webhooks/${otherId}`, { enabled: false }, { token: owner }))
        .status,
    ).toBe(200);
    await page.reload();
    const otherCard = page.getByRole('article', { name: longUrl, exact: true });
    await otherCard.getByText('Disabled by you.', { exact: false }).waitFor();
    const otherRows = otherCard.getByRole('table').getByRole('row');
    await otherRows.nth(10).waitFor();
    expect(await otherRows.count()).toBe(11); // the header and 10 deliveries
    expect(await otherCard.getByText('Could not connect after').count()).toBe(10);
    await otherCard.getByRole('button', { name: 'Load more' }).click();
    await otherRows.nth(11).waitFor();
    expect(await otherRows.count()).toBe(12);
    expect(await otherCard.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await check(page, 'webhooks');

    // Disable, then enable.
    await card.getByRole('button', { name: 'Disable', exact: true }).click();
    await card.getByText('Disabled by you.', { exact: false }).waitFor();
    expect((await list()).find((e) => e.id === created.id)).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
    });
    await card.getByRole('button', { name: 'Enable', exact: true }).click();
    await card.getByText('Enabled', { exact: true }).waitFor();
    expect((await list()).find((e) => e.id === created.id)).toMatchObject({
      enabled: true,
      disabledReason: null,
    });

    // Rotate: the new secret shown once; the next delivery is signed with it (and with the old one).
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await takeSecret(page, 'New signing secret');
    expect(rotated).not.toBe(secret);
    await card.getByText(`••••${rotated.slice(-4)}`).waitFor();
    await card.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(() => hooks().length === 3);
    const third = hooks()[2];
    const headers = third.headers as Record<string, string>;
    expect(new Webhook(rotated).verify(third.body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(secret).verify(third.body, headers)).toMatchObject({ type: 'webhook.test' });
    await rows.nth(2).waitFor();
    expect(await card.getByRole('table').getByRole('row').count()).toBe(3); // newest first below
    await rows.nth(1).getByText('HTTP 200 in').waitFor();

    // Delete, after a confirmation (Cancel first keeps it).
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await list()).toHaveLength(2);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await list()).map((e) => e.id)).toEqual([otherId]);
  });
});
