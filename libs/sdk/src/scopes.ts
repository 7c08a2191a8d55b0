import type { EventType } from './events';
import type { components } from './openapi.generated';

type Schemas = components['schemas'];

/**
 * The scopes a token can carry, and who may hold which: one list each, here in the SDK because clients
 * need them as much as the server — the server validates and orders scopes by them (`@app/core`
 * re-exports them), the console offers them as checkboxes, and apps read them here.
 */

/** Every scope a token can carry, in the canonical order used in responses. */
export const SCOPES = [
  'store:read',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
  'cart:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * What an OAuth app (and an installed app) may be granted. Not `cart:write`: an app works on carts with
 * `orders:write`, so the cart scope stays the public token's own.
 */
export const APP_SCOPES = [
  'store:read',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
] as const satisfies readonly Scope[];

/**
 * Every scope a public token can ever hold: the two reads, and `cart:write` — carts and checkout for
 * shoppers, which never grants the catalogue or orders (each of those is its own read scope).
 */
export const PUBLIC_TOKEN_SCOPES = [
  'store:read',
  'products:read',
  'cart:write',
] as const satisfies readonly Scope[];

/** What a public token gets when its creation names no scopes: the reads only (`cart:write` is asked for). */
export const DEFAULT_PUBLIC_TOKEN_SCOPES = [
  'store:read',
  'products:read',
] as const satisfies readonly (typeof PUBLIC_TOKEN_SCOPES)[number][];

/**
 * What each scope lets an app do, as a sentence a store's owner reads: on the consent page of an installed
 * app, beside each installation in the console, and in the server's consent answer.
 */
export const SCOPE_SENTENCES = {
  'store:read': "See the store's details: its name, description, contact details and logos.",
  'products:read': 'See the products in the catalogue, with their prices and stock.',
  'products:write': 'Create, change and delete products.',
  'orders:read': "See orders, with each customer's e-mail address and what they bought.",
  'orders:write': 'Place orders.',
} as const satisfies Record<(typeof APP_SCOPES)[number], string>;
export type ScopeName = keyof typeof SCOPE_SENTENCES;

/** An event type an installed app may subscribe to (the API's list, from its OpenAPI document). */
export type AppEventType = NonNullable<Schemas['CreateDeveloperAppDto']['webhookEvents']>[number];

/**
 * The events an installed app may receive, each with the read scope it needs (null: every app gets it):
 * products and orders by their read scopes; the store, its members and `app.installed` by `store:read`;
 * `app.uninstalled` by none. Webhook tests and the store's own apps and public tokens are never an
 * installed app's business: absent. Keyed by the API's own list, so the compiler refuses a table that
 * misses one of its events or names another (after `npm run sdk:types`).
 */
export const APP_EVENT_SCOPES: Readonly<Record<AppEventType, ScopeName | null>> = {
  'store.updated': 'store:read',
  'store.completed': 'store:read',
  'product.created': 'products:read',
  'product.updated': 'products:read',
  'product.deleted': 'products:read',
  'order.created': 'orders:read',
  'order.fulfilled': 'orders:read',
  'order.cancelled': 'orders:read',
  'order.paid': 'orders:read',
  'member.invited': 'store:read',
  'member.joined': 'store:read',
  'member.role_changed': 'store:read',
  'member.removed': 'store:read',
  'store.transferred': 'store:read',
  'app.installed': 'store:read',
  'app.uninstalled': null,
};

/** The event types an installed app may subscribe to, in the order of the API's list of events. */
export const APP_EVENT_TYPES = Object.keys(APP_EVENT_SCOPES) as readonly (AppEventType & EventType)[];
