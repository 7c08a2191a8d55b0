import type { SecretKind } from '@app/core';
import { randomBytes } from 'node:crypto';

/** Every app's client secret, a store app's and an installable app's alike: one kind of secret, one hash. */
export const APP_CLIENT_SECRET: SecretKind = { prefix: 'sfs_', purpose: 'oauth_client_secret' };

/**
 * A new client id: `sfc_` for a store app, `sfi_` for an installable app. The prefix is for people reading
 * it; the token endpoint finds the app by the id itself, in either table.
 */
export const newClientId = (prefix: 'sfc_' | 'sfi_'): string => prefix + randomBytes(16).toString('hex');
