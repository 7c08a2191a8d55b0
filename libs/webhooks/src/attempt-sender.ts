import type { LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-policy';
import { EndpointResolver, NameNotResolved } from './endpoint-resolver';

/**
 * Why an attempt failed without an HTTP answer (the attempt's `error`). A name that does not resolve is
 * `blocked_address` too: an attempt tells nothing of what the platform's DNS knows.
 */
export type AttemptError = 'blocked_address' | 'timeout' | 'connection_error';

export interface AttemptOutcome {
  /** The HTTP status, when the endpoint answered in time. */
  statusCode: number | null;
  error: AttemptError | null;
  durationMs: number;
  /** Seconds from a 429/503 answer's Retry-After (delta-seconds or HTTP date), when it had one. */
  retryAfter: number | null;
  /** It ran out of time (the answer or the name's resolution): what the endpoint's circuit counts. */
  timedOut: boolean;
}

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_LOCAL: loopback and private addresses (and http://) allowed. */
  allowLocal: boolean;
  /** Whose attempt it is: a store's lookups in flight are limited (EndpointResolver). */
  storeId: string;
}

/** At most this much of an answer's body is read (and thrown away): only the status matters. */
const MAX_BODY_BYTES = 65_536;
/** Idle kept connections close after this, under the 5 s most servers keep one (so we rarely reuse a closing one). */
const IDLE_SOCKET_MS = 4000;
/** Pools kept at most (each holds only idle sockets between attempts); the oldest is closed beyond it. */
const MAX_POOLS = 512;

type PostAnswer =
  | { kind: 'response'; statusCode: number; retryAfter: number | null }
  | { kind: 'timeout' }
  | { kind: 'error'; error: NodeJS.ErrnoException; reused: boolean };

/**
 * One attempt: a POST, no redirects followed, all of it (resolution, connection, TLS, the answer's status
 * line and headers) within `timeoutMs`. EVERY address of the host is checked first (which one a
 * connection would use is not ours to predict), then the socket connects to exactly the checked address
 * (no second resolution for a rebinding DNS server). Connections are kept alive, one pool per origin AND
 * checked address, so reuse never skips the check and saves a TCP and TLS handshake per attempt.
 */
export class AttemptSender {
  private readonly pools = new Map<string, HttpAgent>();

  constructor(private readonly resolver: EndpointResolver) {}

  /** Never throws: every way an attempt can end is an outcome. */
  async send(attempt: AttemptRequest): Promise<AttemptOutcome> {
    const started = Date.now();
    const deadline = started + attempt.timeoutMs;
    const end = (o: Partial<AttemptOutcome>): AttemptOutcome => ({
      statusCode: null,
      error: null,
      retryAfter: null,
      timedOut: false,
      ...o,
      durationMs: Date.now() - started,
    });

    let url: URL;
    try {
      url = new URL(attempt.url);
    } catch {
      return end({ error: 'connection_error' });
    }
    const secure = url.protocol === 'https:';
    if (!secure && !(url.protocol === 'http:' && attempt.allowLocal))
      return end({ error: 'blocked_address' });

    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: LookupAddress[] = [{ address: host, family: isIP(host) }];
    if (!isIP(host)) {
      try {
        addresses = await this.resolver.resolve(host, attempt.storeId, deadline);
      } catch (error) {
        return end({ error: 'blocked_address', timedOut: error instanceof NameNotResolved && error.slow });
      }
    }
    if (!attempt.allowLocal && addresses.some((a) => isBlockedAddress(a.address)))
      return end({ error: 'blocked_address' });

    const target = addresses[0];
    const agent = this.poolFor(secure, url, target.address);
    let answer = await post(url, secure, agent, target, attempt, deadline);
    // A kept connection the server closed just as we wrote to it (its idle timeout and our reuse crossed):
    // nothing was processed, so the attempt goes once more on a new connection, as Node's docs advise.
    if (
      answer.kind === 'error' &&
      answer.reused &&
      answer.error.code === 'ECONNRESET' &&
      Date.now() < deadline
    )
      answer = await post(url, secure, agent, target, attempt, deadline);
    if (answer.kind === 'timeout') return end({ error: 'timeout', timedOut: true });
    if (answer.kind === 'error') return end({ error: 'connection_error' });
    return end({ statusCode: answer.statusCode, retryAfter: answer.retryAfter });
  }

  /** Closes the kept connections (at shutdown, once the attempts are over). */
  close(): void {
    for (const agent of this.pools.values()) agent.destroy();
    this.pools.clear();
  }

  private poolFor(secure: boolean, url: URL, address: string): HttpAgent {
    const key = `${url.protocol}//${url.host}|${address}`;
    let agent = this.pools.get(key);
    // Most recently used last: the Map's order is the eviction order.
    if (agent) this.pools.delete(key);
    else {
      const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
      agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
    }
    this.pools.set(key, agent);
    if (this.pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.pools.entries().next().value as [string, HttpAgent];
      this.pools.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  }
}

/** A socket `lookup` that answers exactly the checked address: no second resolution can differ from it. */
function fixedLookup(target: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
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

function post(
  url: URL,
  secure: boolean,
  agent: HttpAgent,
  target: LookupAddress,
  attempt: AttemptRequest,
  deadline: number,
): Promise<PostAnswer> {
  return new Promise<PostAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (secure ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...attempt.headers, 'content-length': String(Buffer.byteLength(attempt.body)) },
      agent,
      lookup: fixedLookup(target),
    });
    const timer = setTimeout(
      () => {
        finish({ kind: 'timeout' });
        request.destroy();
      },
      Math.max(0, deadline - Date.now()),
    );
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      const limited = statusCode === 429 || statusCode === 503;
      finish({ kind: 'response', statusCode, retryAfter: limited ? retryAfterSeconds(response) : null });
      // Only the status matters. A short answer is read to its end, so the connection can be kept for the
      // next attempt; a long one (or one still coming when the deadline passes) costs the connection.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_BODY_BYTES) response.destroy();
      });
      response.on('error', () => undefined);
      const drainLimit = setTimeout(() => response.destroy(), Math.max(0, deadline - Date.now()));
      response.on('close', () => clearTimeout(drainLimit));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'error', error, reused: request.reusedSocket }),
    );
    request.end(attempt.body);
  });
}
