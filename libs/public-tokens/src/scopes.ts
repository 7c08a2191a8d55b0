/** Public tokens can only read: these are all the scopes they can ever hold. */
export const PUBLIC_TOKEN_SCOPES = ['store:read', 'products:read'] as const;
export type PublicTokenScope = (typeof PUBLIC_TOKEN_SCOPES)[number];

/** Deduplicated, known scopes only, in canonical order. */
export function canonicalPublicScopes(scopes: Iterable<string>): PublicTokenScope[] {
  const set = new Set(scopes);
  return PUBLIC_TOKEN_SCOPES.filter((s) => set.has(s));
}
