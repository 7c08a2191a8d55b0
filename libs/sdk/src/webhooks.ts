import { WebhookVerificationError } from './errors';
import type { components } from './openapi.generated';

/** The body of a webhook delivery: the event, as `events.list` shows it. */
export type WebhookEvent = components['schemas']['EventModel'];

/** A delivery's headers: a Fetch `Headers`, or a Node-style object (`req.headers`), names in any case. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, in seconds, either way (replays of old deliveries fail). Default 300. */
  toleranceSeconds?: number;
  /** The current time in milliseconds (tests). */
  now?: number;
}

const PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name);
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.join(' ');
    return value ?? null;
  }
  return null;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Equal strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Verifies a webhook delivery (Standard Webhooks 1.0) and answers its event: `webhook-id`,
 * `webhook-timestamp` within `toleranceSeconds` of now, and a `v1,` signature in `webhook-signature` —
 * the base64 HMAC-SHA256 of `id.timestamp.body` — made with one of the secrets (pass the old and the new
 * one while you switch after a rotation; missing entries are skipped). Pass the body exactly as received
 * (the raw text or bytes, not re-serialized JSON). Throws WebhookVerificationError for a delivery that fails
 * a check (answer it 400), and RangeError or TypeError for an argument no delivery can pass — a tolerance
 * that is not a finite number ≥ 0, no usable secret — as the Python SDK does. Deduplicate on the event's
 * `id` (the same on every attempt). Uses Web Crypto: Node ≥ 20, browsers and workers, no dependency.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secretOrSecrets: string | readonly (string | null | undefined)[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const tolerance = options.toleranceSeconds ?? 300;
  // NaN compares false with everything: unchecked, it would accept any timestamp.
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)
    throw new RangeError('toleranceSeconds must be a finite number of seconds, 0 or more');
  const keys = await hmacKeys(secretOrSecrets);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook headers');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const offered = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => s.slice(3));
  const message = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const key of keys) {
    const expected = toBase64(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message)));
    if (offered.some((signature) => sameText(signature, expected))) {
      try {
        return JSON.parse(body) as WebhookEvent;
      } catch {
        throw new WebhookVerificationError('the body is not JSON');
      }
    }
  }
  throw new WebhookVerificationError('no valid signature');
}

type HmacKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/**
 * The HMAC keys of the secrets given. A list may hold a missing entry (an unset variable during a
 * rotation) or one that is not a secret: each is skipped and the others are still tried.
 */
async function hmacKeys(
  secretOrSecrets: string | readonly (string | null | undefined)[],
): Promise<HmacKey[]> {
  const given = typeof secretOrSecrets === 'string' ? [secretOrSecrets] : [...(secretOrSecrets ?? [])];
  const keys: HmacKey[] = [];
  for (const secret of given) {
    if (typeof secret !== 'string') continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);
    } catch {
      continue;
    }
    if (bytes.length === 0) continue;
    keys.push(
      await globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]),
    );
  }
  if (keys.length === 0)
    throw new TypeError(
      "no usable webhook secret: pass the endpoint's whsec_… secret (or a list of them while you rotate)",
    );
  return keys;
}
