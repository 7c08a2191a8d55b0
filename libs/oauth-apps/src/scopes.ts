/** What an OAuth app may be granted, in the canonical order used in responses. */
export const APP_SCOPES = [
  'store:read',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
] as const;
export type AppScope = (typeof APP_SCOPES)[number];

const order = new Map<string, number>(APP_SCOPES.map((s, i) => [s, i]));

export const isAppScope = (value: unknown): value is AppScope =>
  typeof value === 'string' && order.has(value);

/** Deduplicated and in canonical order, so equal sets always print the same. */
export function canonicalScopes(scopes: Iterable<string>): AppScope[] {
  return [...new Set(scopes)].filter(isAppScope).sort((a, b) => order.get(a)! - order.get(b)!);
}

/**
 * The scopes a token request asks for (RFC 6749 §3.3: space-delimited, case-sensitive) narrowed to
 * the app's grant. Absent or blank → everything the app has. Returns null when any requested scope
 * is unknown or outside the app's grant: the whole request is then `invalid_scope`, never silently
 * trimmed, so a client always gets exactly what it asked for or a clear refusal.
 */
export function narrowScopes(requested: string | undefined, granted: readonly string[]): AppScope[] | null {
  if (requested === undefined || requested.trim() === '') return canonicalScopes(granted);
  // RFC 6749 §3.3 uses single spaces; tolerate runs of spaces, refuse other whitespace as malformed.
  if (!/^[\x21\x23-\x5b\x5d-\x7e]+( +[\x21\x23-\x5b\x5d-\x7e]+)* *$/.test(requested.trim())) return null;
  const asked = requested.trim().split(/ +/);
  if (!asked.every((s) => isAppScope(s) && granted.includes(s))) return null;
  return canonicalScopes(asked);
}
