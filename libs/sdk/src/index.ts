/** `@storefront-platform/sdk`: the clients of the Storefront Platform API for Node ≥ 20 and browsers. */
export * from './browser';
export { AppClient } from './app-client';
export type { AppClientOptions } from './app-client';
export { InstalledAppClient } from './installed-app-client';
export type { InstalledAppClientOptions, OnRefreshToken } from './installed-app-client';
export { verifyWebhook } from './webhooks';
export type { VerifyWebhookOptions, WebhookEvent, WebhookHeaders } from './webhooks';
