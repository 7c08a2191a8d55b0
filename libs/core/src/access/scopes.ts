import { APP_SCOPES, DEFAULT_PUBLIC_TOKEN_SCOPES, PUBLIC_TOKEN_SCOPES, SCOPES, type Scope } from '@app/sdk';
import { DomainError } from '../errors/domain-error';
import type { AppCaller, PublicTokenCaller } from './caller';

/**
 * The scope lists are the SDK's (libs/sdk/src/scopes.ts: clients need them as much as the server): every
 * scope a token can carry, in the canonical order used in responses; what OAuth apps may be granted
 * (APP_SCOPES); what public tokens may hold (PUBLIC_TOKEN_SCOPES) and get by default. Each storefront
 * field names the one it needs (@RequireScope, checked by the global guard; requireScope is the check itself).
 */
export { APP_SCOPES, DEFAULT_PUBLIC_TOKEN_SCOPES, PUBLIC_TOKEN_SCOPES, SCOPES };
export type { Scope };
export type AppScope = (typeof APP_SCOPES)[number];
export type PublicTokenScope = (typeof PUBLIC_TOKEN_SCOPES)[number];

const order = new Map<string, number>(SCOPES.map((s, i) => [s, i]));
const PUBLIC = new Set<string>(PUBLIC_TOKEN_SCOPES);
const APP = new Set<string>(APP_SCOPES);

export const isScope = (value: unknown): value is Scope => typeof value === 'string' && order.has(value);

/** Deduplicated, known scopes only, in canonical order, so equal sets always print the same. */
export function canonicalScopes(scopes: Iterable<string>): Scope[] {
  return [...new Set(scopes)].filter(isScope).sort((a, b) => order.get(a)! - order.get(b)!);
}

/** As canonicalScopes, keeping only what an app can hold. */
export function canonicalAppScopes(scopes: Iterable<string>): AppScope[] {
  return canonicalScopes(scopes).filter((s): s is AppScope => APP.has(s));
}

/** As canonicalScopes, keeping only what a public token can hold. */
export function canonicalPublicScopes(scopes: Iterable<string>): PublicTokenScope[] {
  return canonicalScopes(scopes).filter((s): s is PublicTokenScope => PUBLIC.has(s));
}

/**
 * The scopes a token request asks for (RFC 6749 §3.3: space-delimited, case-sensitive) narrowed to
 * the app's grant. Absent or blank → everything the app has. Returns null when any requested scope
 * is unknown or outside the app's grant: the whole request is then `invalid_scope`, never silently
 * trimmed, so a client always gets exactly what it asked for or a clear refusal.
 */
export function narrowScopes(requested: string | undefined, granted: readonly string[]): Scope[] | null {
  if (requested === undefined || requested.trim() === '') return canonicalScopes(granted);
  // RFC 6749 §3.3 uses single spaces; tolerate runs of spaces, refuse other whitespace as malformed.
  if (!/^[\x21\x23-\x5b\x5d-\x7e]+( +[\x21\x23-\x5b\x5d-\x7e]+)* *$/.test(requested.trim())) return null;
  const asked = requested.trim().split(/ +/);
  if (!asked.every((s) => isScope(s) && granted.includes(s))) return null;
  return canonicalScopes(asked);
}

/** A caller that carries scopes: an app token or a public token (who can reach the storefront at all). */
export type ScopedCaller = AppCaller | PublicTokenCaller;

/**
 * The scope check of every storefront field, query, mutation and resolved field alike: the global guard
 * runs it for the field's @RequireScope before the resolver (field resolvers included). A public token is limited by kind, not only by scope: even a token row that somehow carried
 * an app's scope could not change the catalogue or read orders (its one write is `cart:write`). Refusals are `forbidden` (GraphQL FORBIDDEN).
 */
export function requireScope(caller: ScopedCaller, scope: Scope): void {
  if (caller.kind === 'app' && !APP.has(scope)) {
    throw new DomainError('forbidden', `Apps cannot hold the ${scope} scope.`);
  }
  if (caller.kind !== 'app' && !PUBLIC.has(scope)) {
    throw new DomainError(
      'forbidden',
      scope.startsWith('orders')
        ? 'Public tokens cannot read or place orders; use an app token.'
        : 'Public tokens cannot change the catalogue; use an app token.',
    );
  }
  if (!caller.scopes.includes(scope)) {
    throw new DomainError('forbidden', `This token lacks the ${scope} scope.`);
  }
}

/**
 * What a storefront field declares it needs (@RequireScope): one scope for every caller, or one per kind
 * of token where apps and public tokens reach the same field through different grants.
 */
export type ScopeRule = Scope | { readonly app: AppScope; readonly public: PublicTokenScope };

/**
 * The cart fields' rule (contract §15): a public token needs `cart:write`, an app `orders:write` (an app
 * that may place orders may run a shopper's cart for them).
 */
export const CART_SCOPE = { app: 'orders:write', public: 'cart:write' } as const satisfies ScopeRule;

/** requireScope for a declared rule: the scope this kind of caller needs. */
export function requireScopeRule(caller: ScopedCaller, rule: ScopeRule): void {
  requireScope(caller, typeof rule === 'string' ? rule : caller.kind === 'app' ? rule.app : rule.public);
}

/** The cart fields' check, for resolvers that still check in their body. */
export function requireCartScope(caller: ScopedCaller): void {
  requireScopeRule(caller, CART_SCOPE);
}

/**
 * The sentence a field's description gives its rule, derived so it never drifts from what is checked:
 * `Scope: products:read.`, `Apps only. Scope: orders:write.` (a scope no public token can hold), or
 * `Scope: cart:write (public tokens) or orders:write (apps).`
 */
export function scopeSentence(rule: ScopeRule): string {
  if (typeof rule !== 'string') return `Scope: ${rule.public} (public tokens) or ${rule.app} (apps).`;
  return PUBLIC.has(rule) ? `Scope: ${rule}.` : `Apps only. Scope: ${rule}.`;
}
