/**
 * `@storefront-platform/sdk/browser`: everything a web page may use. No AppClient here: it holds a
 * client secret, which must never reach a browser.
 */
export { AccountClient } from './account-client';
export type { AccountClientOptions, SessionEvent, SessionStorage } from './account-client';
export { StorefrontClient } from './storefront-client';
export type { CheckoutOptions, StorefrontClientOptions } from './storefront-client';
export * from './errors';
export type { CallOptions, ClientOptions } from './transport';
export type { GraphQLCallOptions, IterateArgs, ListArgs } from './graphql';
export { SDK_VERSION } from './version';
export { EVENT_DATA, EVENT_TYPES, isEvent, isEventType } from './events';
export type {
  DeletedData,
  EventData,
  EventDataMap,
  EventType,
  InstallationEventData,
  StoreData,
  TypedEvent,
  WebhookTestData,
} from './events';
export { ISO_3166_ALPHA2, isCountryCode } from './countries';
export {
  MANAGED_ROLES,
  MEMBER_ROLES,
  ROLE_PERMISSIONS,
  ROLES,
  STORE_PERMISSIONS,
  isRole,
  roleAllows,
  roleManages,
} from './roles';
export type { MemberRole, Role, StorePermission } from './roles';
export type * from './types';
export {
  APP_EVENT_SCOPES,
  APP_EVENT_TYPES,
  APP_SCOPES,
  DEFAULT_PUBLIC_TOKEN_SCOPES,
  PUBLIC_TOKEN_SCOPES,
  SCOPE_SENTENCES,
  SCOPES,
} from './scopes';
export type { AppEventType, Scope, ScopeName } from './scopes';
