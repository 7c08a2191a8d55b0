import type { components } from './openapi.generated';

type Schemas = components['schemas'];

/** The `data` of a deletion: only the id of what is gone. */
export interface DeletedData {
  id: string;
}

/** The `data` of `webhook.test`: the endpoint it was sent to. */
export interface WebhookTestData {
  endpointId: string;
}

/** The `data` of `store.updated` and `store.completed`: the store without anyone's role (no caller reads it). */
export type StoreData = Omit<Schemas['StoreModel'], 'role'>;

/** The `data` of `app.installed` and `app.uninstalled` (§13): the installation. */
export interface InstallationEventData {
  installationId: string;
  appId: string;
  storeId: string;
  scopes: string[];
}

/** Declares the type of an event's `data` (at run time only the keys of EVENT_DATA are used). */
const data = <T>(): T => ({}) as T;

/**
 * Every event type and the type of its `data`: the resource as the API's own route shows it (the REST
 * answer's schema), `{ id }` for a deletion. The one list of event types — the server's writer accepts
 * these and checks each `data` against its entry, the events list filters and webhook endpoints subscribe
 * by them, and clients read them here. A new event type is one line.
 */
export const EVENT_DATA = {
  'store.updated': data<StoreData>(),
  'store.completed': data<StoreData>(),
  'product.created': data<Schemas['OwnerProductDto']>(),
  'product.updated': data<Schemas['OwnerProductDto']>(),
  'product.deleted': data<DeletedData>(),
  'order.created': data<Schemas['OwnerOrderDto']>(),
  'order.fulfilled': data<Schemas['OwnerOrderDto']>(),
  'order.cancelled': data<Schemas['OwnerOrderDto']>(),
  'order.paid': data<Schemas['OwnerOrderDto']>(),
  'app.created': data<Schemas['OAuthAppDto']>(),
  'app.secret_rotated': data<Schemas['OAuthAppDto']>(),
  'app.deleted': data<DeletedData>(),
  'public_token.created': data<Schemas['PublicTokenDto']>(),
  'public_token.rotated': data<Schemas['PublicTokenDto']>(),
  'public_token.deleted': data<DeletedData>(),
  'webhook.test': data<WebhookTestData>(),
  'member.invited': data<Schemas['InvitationDto']>(),
  'member.joined': data<Schemas['MemberDto']>(),
  'member.role_changed': data<Schemas['MemberDto']>(),
  'member.removed': data<Schemas['MemberDto']>(),
  'store.transferred': data<Schemas['StoreTransferDto']>(),
  'app.installed': data<InstallationEventData>(),
  'app.uninstalled': data<InstallationEventData>(),
};

/** Event type → the type of its `data`. */
export type EventDataMap = typeof EVENT_DATA;
export type EventType = keyof EventDataMap;
export type EventData<T extends EventType> = EventDataMap[T];

/** Every event type, in the order the API documents them. */
export const EVENT_TYPES = Object.keys(EVENT_DATA) as readonly EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_DATA, value);
}

/** An event (from `events.list` or a webhook delivery) whose `data` is typed by its `type`. */
export type TypedEvent<T extends EventType = EventType> = {
  [K in T]: Omit<Schemas['EventModel'], 'type' | 'data'> & { type: K; data: EventData<K> };
}[T];

/**
 * Narrows an event to one type, so its `data` is typed: `if (isEvent(event, 'order.created'))
 * event.data.total.amount`.
 */
export function isEvent<T extends EventType>(
  event: { type: string; data: unknown },
  type: T,
): event is TypedEvent<T> {
  return event.type === type;
}
