import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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
 * Keep-alive connections, one pool per endpoint origin AND checked address: a connection is reused only
 * for the address it was opened to, which is an address this attempt's own resolution just returned and
 * checked (below) — so reuse never skips the address check, and a name that now resolves elsewhere gets
 * a pool of its own. Reuse saves a TCP (and TLS) handshake per attempt on both sides: most of an
 * attempt's cost to a fast receiver. Idle connections are closed after IDLE_SOCKET_MS, under the 5 s most
 * servers keep an idle connection (Node's default), so we rarely write to one the server is closing.
 */
const IDLE_SOCKET_MS = 4000;
/** Pools kept at most (each holds only idle sockets between attempts); the oldest is closed beyond it. */
const MAX_POOLS = 512;
const pools = new Map<string, HttpAgent>();

function poolFor(secure: boolean, url: URL, address: string): HttpAgent {
  const key = `${url.protocol}//${url.host}|${address}`;
  let agent = pools.get(key);
  if (agent) {
    // Most recently used last: the Map's order is the eviction order.
    pools.delete(key);
    pools.set(key, agent);
    return agent;
  }
  const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
  agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
  pools.set(key, agent);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value as [string, HttpAgent];
    pools.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

/**
 * Closes every idle kept connection (at shutdown, once this instance's attempts are over: nothing else
 * would end them before their idle timeout). Connections in use are left alone: in a process that runs
 * more than one application (tests), they are another application's attempts.
 */
export function closeAttemptConnections(): void {
  for (const agent of pools.values())
    for (const sockets of Object.values(agent.freeSockets))
      for (const socket of sockets ?? []) socket.destroy();
}

/**
 * Resolves like the system does and checks EVERY address the name has (one private address among public
 * ones fails the attempt: which one a connection would use is not ours to predict); answers the first.
 */
function checkedResolve(hostname: string, allowLocal: boolean): Promise<LookupAddress> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else if (addresses.length === 0) reject(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }));
      else if (!allowLocal && addresses.some((a) => isBlockedAddress(a.address)))
        reject(new BlockedAddress(`${hostname} resolves to a blocked address`));
      else resolve(addresses[0]);
    });
  });
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

function errorOf(error: NodeJS.ErrnoException): AttemptError {
  if (error instanceof BlockedAddress || error.code === 'EBLOCKED') return 'blocked_address';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_NODATA')
    return 'dns_error';
  return 'connection_error';
}

/**
 * One delivery attempt: a POST to the endpoint, no redirects followed, the whole attempt (resolution,
 * connection, TLS, the answer's status line and headers) bounded by `timeoutMs`. Never throws: every way
 * it can end is an outcome.
 */
export async function sendAttempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
  const started = Date.now();
  let resolverFailed = false;
  const outcome = (o: Omit<AttemptOutcome, 'durationMs' | 'resolverFailed'>): AttemptOutcome => ({
    ...o,
    durationMs: Date.now() - started,
    resolverFailed,
  });
  const fail = (error: AttemptError) => outcome({ statusCode: null, error, retryAfter: null });

  let url: URL;
  try {
    url = new URL(attempt.url);
  } catch {
    return fail('connection_error');
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && attempt.allowLocal)) return fail('blocked_address');

  const deadline = started + attempt.timeoutMs;
  // An IP literal is never looked up (the socket connects to it directly), so it is checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let target: LookupAddress;
  if (isIP(host)) {
    if (!attempt.allowLocal && isBlockedAddress(host)) return fail('blocked_address');
    target = { address: host, family: isIP(host) };
  } else {
    try {
      target = await withDeadline(checkedResolve(host, attempt.allowLocal), deadline);
    } catch (error) {
      if (error === TIMED_OUT) return fail('timeout');
      if ((error as NodeJS.ErrnoException).code === 'EAI_AGAIN') resolverFailed = true;
      return fail(errorOf(error as NodeJS.ErrnoException));
    }
  }

  const agent = poolFor(secure, url, target.address);
  let answer = await post(url, secure, agent, target, attempt, deadline);
  // A kept connection the server closed just as we wrote to it (its idle timeout and our reuse crossed):
  // nothing was processed, so the attempt goes once more on a new connection, as Node's docs advise.
  if (answer.kind === 'error' && answer.reused && answer.error.code === 'ECONNRESET' && Date.now() < deadline)
    answer = await post(url, secure, agent, target, attempt, deadline);
  if (answer.kind === 'timeout') return fail('timeout');
  if (answer.kind === 'error') return fail(errorOf(answer.error));
  return outcome({ statusCode: answer.statusCode, error: null, retryAfter: answer.retryAfter });
}

type PostAnswer =
  | { kind: 'response'; statusCode: number; retryAfter: number | null }
  | { kind: 'timeout' }
  | { kind: 'error'; error: NodeJS.ErrnoException; reused: boolean };

const TIMED_OUT = Symbol('timedOut');

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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
    const send = secure ? httpsRequest : httpRequest;
    const request = send(url, {
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
      finish({
        kind: 'response',
        statusCode,
        retryAfter: statusCode === 429 || statusCode === 503 ? retryAfterSeconds(response) : null,
      });
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
