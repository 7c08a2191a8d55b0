import { Webhook } from 'standardwebhooks';
import { WebhookVerificationError } from './errors';
import { verifyWebhook } from './webhooks';

// verifyWebhook against the reference implementation, the `standardwebhooks` package: what it signs, the
// SDK accepts, and so with a delivery signed with several secrets at once, as the service signs while a
// rotated secret is still live. (The service's own deliveries are verified with this package and with
// verifyWebhook in test/webhooks.)

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const other = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const event = {
  id: '0d9c8a52-7c39-4c55-9a0e-6f3b4a1f2e10',
  type: 'product.created',
  storeId: '5b1e8f6a-1111-4c55-9a0e-6f3b4a1f2e10',
  createdAt: '2026-11-24T01:02:03.456Z',
  actor: { type: 'app', id: 'a4f20000-0000-4000-8000-000000000000', name: 'ERP sync' },
  data: { id: 'p1', title: 'Tea ☕' },
};
const body = JSON.stringify(event);

function signedByPackage(at = new Date()) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(event.id, at, body),
  };
}

describe('verifyWebhook', () => {
  it('accepts what standardwebhooks signs: string or bytes, Headers or a Node header object', async () => {
    const headers = signedByPackage();
    expect(await verifyWebhook(body, headers, secret)).toEqual(event);
    expect(await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toEqual(event);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await verifyWebhook(body, upper, [other, secret])).toEqual(event);
  });

  it('accepts a delivery with one signature per live secret, and so does standardwebhooks', async () => {
    const at = new Date();
    const headers = {
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': [other, secret].map((s) => new Webhook(s).sign(event.id, at, body)).join(' '),
    };
    expect(await verifyWebhook(body, headers, secret)).toEqual(event);
    expect(await verifyWebhook(body, headers, other)).toEqual(event);
    expect(new Webhook(secret).verify(body, headers)).toEqual(event);
    expect(new Webhook(other).verify(body, headers)).toEqual(event);
  });

  it('refuses a changed body, a wrong secret, a stale or future timestamp, missing headers', async () => {
    const headers = signedByPackage();
    const refuse = (promise: Promise<unknown>) =>
      expect(promise).rejects.toBeInstanceOf(WebhookVerificationError);
    await refuse(verifyWebhook(body.replace('Tea', 'Tee'), headers, secret));
    await refuse(verifyWebhook(body, headers, other));
    await refuse(verifyWebhook(body, { ...headers, 'webhook-id': 'another' }, secret));
    await refuse(verifyWebhook(body, signedByPackage(new Date(Date.now() - 310_000)), secret));
    await refuse(verifyWebhook(body, signedByPackage(new Date(Date.now() + 310_000)), secret));
    await refuse(verifyWebhook(body, { 'webhook-id': event.id }, secret));
    // Within a wider tolerance, the old delivery passes.
    const old = signedByPackage(new Date(Date.now() - 600_000));
    expect(await verifyWebhook(body, old, secret, { toleranceSeconds: 900 })).toEqual(event);
    const error = await verifyWebhook(body, headers, other).catch((e: unknown) => e);
    expect((error as Error).name).toBe('WebhookVerificationError');
  });

  it('a toleranceSeconds that is not a finite number ≥ 0 (NaN from an unset variable) accepts no delivery', async () => {
    for (const toleranceSeconds of [NaN, -1, Infinity, '300' as unknown as number])
      for (const headers of [signedByPackage(), signedByPackage(new Date(Date.now() - 86_400_000))])
        await expect(verifyWebhook(body, headers, secret, { toleranceSeconds })).rejects.toBeInstanceOf(
          RangeError,
        );
    expect(await verifyWebhook(body, signedByPackage(), secret, { toleranceSeconds: 0.5 })).toEqual(event);
  });

  it('a secrets list with a missing or malformed entry still tries the others; none usable is an argument error', async () => {
    const headers = signedByPackage();
    expect(await verifyWebhook(body, headers, [undefined, null, '', 'whsec_!!not base64!!', secret])).toEqual(
      event,
    );
    expect(await verifyWebhook(body, headers, [secret, undefined])).toEqual(event);
    await expect(verifyWebhook(body, headers, [undefined])).rejects.toBeInstanceOf(TypeError);
    await expect(verifyWebhook(body, headers, 'whsec_')).rejects.toBeInstanceOf(TypeError);
    await expect(verifyWebhook(body, headers, [undefined, other])).rejects.toThrow(
      new WebhookVerificationError('no valid signature'),
    );
  });
});
