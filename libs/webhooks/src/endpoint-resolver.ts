import type { LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';

/** How long a name may take to resolve (never longer than what is left of its attempt). */
export const RESOLVE_TIMEOUT_MS = 5_000;
/** Lookups one store may have in flight at once; the store's other attempts wait for one to end. */
export const LOOKUPS_PER_STORE = 4;
/** An answer is kept for its TTL, at most this long; at most this many names are kept. */
const MAX_TTL_SECONDS = 300;
const MAX_CACHED = 2_000;
/** RFC 6761: `localhost` and `*.localhost` are loopback, answered without a query. */
const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** The name did not resolve; `slow` when it ran out of time. */
export class NameNotResolved extends Error {
  constructor(
    readonly slow: boolean,
    readonly code: string,
  ) {
    super(`name not resolved (${code})`);
  }
}

/** What the resolver tells about the platform's own DNS servers (the `webhook` dependency). */
export interface ResolverHealth {
  failed(error: Error): void;
  succeeded(): void;
}

/**
 * Resolves endpoint host names with c-ares (node:dns's `Resolver`): queries on sockets of its own, never
 * on libuv's thread pool, which `dns.lookup` shares with the database driver's host lookups — where a
 * few slow names once stalled every lookup of the process. Each lookup has its own timeout and is
 * cancelled when it runs out (one Resolver per lookup); a store has LOOKUPS_PER_STORE in flight at most;
 * answers are kept for their TTL, and concurrent lookups of a name share one query. `servers`
 * (WEBHOOK_DNS_SERVERS) replaces the system's; c-ares asks DNS only (not /etc/hosts; `localhost` aside).
 */
export class EndpointResolver {
  private readonly cache = new Map<string, { addresses: LookupAddress[]; until: number }>();
  private readonly flights = new Map<string, Promise<LookupAddress[]>>();
  private readonly lookups = new Map<string, { running: number; waiting: (() => void)[] }>();
  private readonly active = new Set<Resolver>();

  constructor(
    private readonly servers: string[] | null,
    private readonly health: ResolverHealth,
  ) {}

  /** Every address of the name, IPv4 first. Rejects with NameNotResolved, by `deadline` at the latest. */
  async resolve(hostname: string, storeId: string, deadline: number): Promise<LookupAddress[]> {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return LOOPBACK;
    const cached = this.cache.get(name);
    if (cached && cached.until > Date.now()) return cached.addresses;
    let flight = this.flights.get(name);
    if (!flight) {
      flight = this.lookUp(name, storeId, deadline).finally(() => this.flights.delete(name));
      this.flights.set(name, flight);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NameNotResolved(true, 'EDEADLINE')), deadline - Date.now());
    });
    return Promise.race([flight, late]).finally(() => clearTimeout(timer));
  }

  /** Cancels every lookup in flight (shutdown). */
  close(): void {
    for (const resolver of this.active) resolver.cancel();
  }

  private async lookUp(name: string, storeId: string, deadline: number): Promise<LookupAddress[]> {
    const release = await this.slot(storeId, deadline);
    const budget = Math.min(RESOLVE_TIMEOUT_MS, deadline - Date.now());
    const resolver = new Resolver({ timeout: Math.max(1, budget), tries: 1 });
    if (this.servers) resolver.setServers(this.servers);
    this.active.add(resolver);
    const timer = setTimeout(() => resolver.cancel(), budget);
    try {
      const [v4, v6] = await Promise.allSettled([
        resolver.resolve4(name, { ttl: true }),
        resolver.resolve6(name, { ttl: true }),
      ]);
      const records = [
        ...(v4.status === 'fulfilled' ? v4.value.map((r) => ({ ...r, family: 4 })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((r) => ({ ...r, family: 6 })) : []),
      ];
      if (records.length === 0) {
        const code = String((v4 as PromiseRejectedResult).reason?.code ?? 'ENODATA');
        if (code === 'ECONNREFUSED') this.health.failed(new Error('DNS servers refuse queries'));
        throw new NameNotResolved(code === 'ECANCELLED' || code === 'ETIMEOUT', code);
      }
      this.health.succeeded();
      const addresses = records.map(({ address, family }) => ({ address, family }));
      const ttl = Math.min(MAX_TTL_SECONDS, ...records.map((r) => r.ttl));
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(name, { addresses, until: Date.now() + ttl * 1000 });
      return addresses;
    } finally {
      clearTimeout(timer);
      this.active.delete(resolver);
      release();
    }
  }

  /** Waits (until `deadline`) for one of the store's LOOKUPS_PER_STORE lookup slots; answers its release. */
  private async slot(storeId: string, deadline: number): Promise<() => void> {
    for (;;) {
      let store = this.lookups.get(storeId);
      if (!store) this.lookups.set(storeId, (store = { running: 0, waiting: [] }));
      if (store.running < LOOKUPS_PER_STORE) {
        store.running++;
        const taken = store;
        return () => {
          taken.running--;
          if (taken.running === 0) this.lookups.delete(storeId);
          // Every waiter looks again (one of them takes the slot; a waiter past its deadline has gone).
          for (const wake of taken.waiting.splice(0)) wake();
        };
      }
      if (Date.now() >= deadline) throw new NameNotResolved(true, 'EDEADLINE');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        store.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
