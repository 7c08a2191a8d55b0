import { APP_SCOPES, type Scope } from '@app/core';
import { EVENT_TYPES, type EventType } from '@app/events';
import { SCOPE_SENTENCES } from '@app/sdk';

/** Each scope asked for, in canonical order, with its sentence (the SDK's table, which the console shows too). */
export const describeScopes = (scopes: readonly string[]) =>
  APP_SCOPES.filter((s) => scopes.includes(s)).map((scope) => ({
    scope,
    description: SCOPE_SENTENCES[scope],
  }));

/**
 * The read scope an app needs to receive an event type (§13): products and orders by their read scopes;
 * the store, its members and `app.installed` by `store:read`; `app.uninstalled` by none (every app gets
 * it). Types that are not about the store's resources — webhook tests, the store's own apps and public
 * tokens — are never an installed app's business: absent here.
 */
const NEEDS: Partial<Record<EventType, Scope | null>> = {};
for (const type of EVENT_TYPES) {
  if (type.startsWith('product.')) NEEDS[type] = 'products:read';
  else if (type.startsWith('order.')) NEEDS[type] = 'orders:read';
  else if (type.startsWith('store.') || type.startsWith('member.') || type === 'app.installed')
    NEEDS[type] = 'store:read';
  else if (type === 'app.uninstalled') NEEDS[type] = null;
}

/** The event types an installed app may subscribe to. */
export const APP_WEBHOOK_EVENTS = EVENT_TYPES.filter((t) => t in NEEDS);

/** Why an app asking for `scopes` may not subscribe to `type`, or null when it may. */
export function webhookEventProblem(type: string, scopes: readonly string[]): string | null {
  if (!(type in NEEDS)) return `${type} is not an event an installed app can receive`;
  const needs = NEEDS[type as EventType];
  if (needs && !scopes.includes(needs)) return `${type} needs the ${needs} scope`;
  return null;
}

/**
 * What an app's endpoint for a store subscribes to: the events the app asked for that the installation's
 * granted scopes can read, and `app.uninstalled` always. The grant, not the app's registered scopes,
 * decides: an installation granted fewer scopes never receives events beyond them.
 */
export function deliverableEvents(subscribed: readonly string[], granted: readonly string[]): string[] {
  const events = subscribed.filter((type) => {
    if (!(type in NEEDS)) return false;
    const needs = NEEDS[type as EventType];
    return !needs || granted.includes(needs);
  });
  return [...new Set([...events, 'app.uninstalled'])];
}
