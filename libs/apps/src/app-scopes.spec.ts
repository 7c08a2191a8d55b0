import { APP_WEBHOOK_EVENTS, deliverableEvents, webhookEventProblem } from './app-scopes';

describe('which events an installed app may receive (§13)', () => {
  it('offers the store-resource events and the two app lifecycle ones, not the store’s own integrations', () => {
    expect(APP_WEBHOOK_EVENTS).toEqual(
      expect.arrayContaining(['product.created', 'order.created', 'store.updated']),
    );
    expect(APP_WEBHOOK_EVENTS).toEqual(
      expect.arrayContaining(['member.joined', 'app.installed', 'app.uninstalled']),
    );
    for (const never of [
      'webhook.test',
      'app.created',
      'app.secret_rotated',
      'app.deleted',
      'public_token.created',
    ])
      expect(APP_WEBHOOK_EVENTS).not.toContain(never);
  });

  it('needs the read scope of each subscribed type at registration', () => {
    expect(webhookEventProblem('product.created', ['store:read'])).toMatch(/products:read/);
    expect(webhookEventProblem('order.created', ['products:read'])).toMatch(/orders:read/);
    expect(webhookEventProblem('app.installed', ['products:read'])).toMatch(/store:read/);
    expect(webhookEventProblem('app.uninstalled', ['products:read'])).toBeNull();
    expect(webhookEventProblem('product.created', ['products:read'])).toBeNull();
    expect(webhookEventProblem('webhook.test', ['store:read'])).not.toBeNull();
    expect(webhookEventProblem('nope', ['store:read'])).not.toBeNull();
  });

  it('delivers only what the installation’s grant can read, and app.uninstalled always', () => {
    const subscribed = ['product.created', 'order.created', 'store.updated', 'app.installed'];
    expect(deliverableEvents(subscribed, ['products:read']).sort()).toEqual([
      'app.uninstalled',
      'product.created',
    ]);
    expect(deliverableEvents(subscribed, ['store:read', 'orders:read']).sort()).toEqual([
      'app.installed',
      'app.uninstalled',
      'order.created',
      'store.updated',
    ]);
    expect(deliverableEvents([], [])).toEqual(['app.uninstalled']);
  });
});
