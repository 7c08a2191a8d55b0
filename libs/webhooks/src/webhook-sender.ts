import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-policy';

/** Why an attempt failed without an HTTP answer (the attempt's `error`). */
export type AttemptError = 'blocked_address' | 'timeout' | 'connection_error' | 'dns_error';

export interface AttemptOutcome {
  /** The HTTP status, when the endpoint answered in time. */
  statusCode: number | null;
  error: AttemptError | null;
  durationMs: number;
  /** Seconds from a 429/503 answer's Retry-After (delta-seconds or HTTP date), when it had one. */
  retryAfter: number | null;
  /** The resolver itself failed (not the endpoint's name): the `webhook` dependency's own outage. */
  resolverFailed: boolean;
}

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_LOCAL: loopback and private addresses (and http://) allowed. */
  allowLocal: boolean;
}

class BlockedAddress extends Error {
  readonly code = 'EBLOCKED';
}

/** At most this much of an answer's body is read (and thrown away): only the status matters. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Resolves like the system does, then checks EVERY address the name has (one private address among
 * public ones fails the attempt: which one a connection would use is not ours to predict) and hands the
 * connection exactly the addresses it checked. Because this is the socket's own `lookup`, the address
 * checked is the address connected to: there is no second resolution in between for a rebinding DNS
 * server to answer differently.
 */
function checkedLookup(allowLocal: boolean, onResolverFailure: () => void): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) {
        if (error.code === 'EAI_AGAIN') onResolverFailure();
        callback(error, '', 0);
        return;
      }
      if (!allowLocal && addresses.some((a) => isBlockedAddress(a.address))) {
        callback(new BlockedAddress(`${hostname} resolves to a blocked address`), '', 0);
        return;
      }
      // Node's happy-eyeballs connect (autoSelectFamily) asks for every address; a plain connect for one.
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function retryAfterSeconds(response: IncomingMessage): number | null {
  const value = response.headers['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * One delivery attempt: a POST to the endpoint, no redirects followed, no connection reused, the whole
 * attempt (resolution, connection, TLS, the answer's status line and headers) bounded by `timeoutMs`.
 * Never throws: every way it can end is an outcome.
 */
export function sendAttempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
  const started = Date.now();
  let resolverFailed = false;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    // Set once the request is out; an attempt refused before that finishes with no timer to clear.
    const deadline: { timer?: NodeJS.Timeout } = {};
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs' | 'resolverFailed'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline.timer);
      resolve({ ...outcome, durationMs: Date.now() - started, resolverFailed });
    };
    const fail = (error: AttemptError) => finish({ statusCode: null, error, retryAfter: null });

    let url: URL;
    try {
      url = new URL(attempt.url);
    } catch {
      fail('connection_error');
      return;
    }
    const secure = url.protocol === 'https:';
    if (!secure && !(url.protocol === 'http:' && attempt.allowLocal)) {
      fail('blocked_address');
      return;
    }
    // An IP literal is never looked up (the socket connects to it directly), so it is checked here.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && !attempt.allowLocal && isBlockedAddress(host)) {
      fail('blocked_address');
      return;
    }

    const send = secure ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...attempt.headers, 'content-length': String(Buffer.byteLength(attempt.body)) },
      // A fresh connection per attempt: a pooled socket would skip the address check of this attempt.
      agent: false,
      lookup: checkedLookup(attempt.allowLocal, () => (resolverFailed = true)),
    });
    deadline.timer = setTimeout(() => {
      fail('timeout');
      request.destroy();
    }, attempt.timeoutMs);

    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      finish({
        statusCode,
        error: null,
        retryAfter: statusCode === 429 || statusCode === 503 ? retryAfterSeconds(response) : null,
      });
      // The body is not needed: drain a little (so a small answer ends cleanly), then hang up.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_BODY_BYTES) response.destroy();
      });
      response.on('error', () => undefined);
      response.on('end', () => request.destroy());
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof BlockedAddress || error.code === 'EBLOCKED') fail('blocked_address');
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_NODATA')
        fail('dns_error');
      else fail('connection_error');
    });
    request.end(attempt.body);
  });
}
