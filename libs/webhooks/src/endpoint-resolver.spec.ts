import { DnsServer } from '@app/testing';
import { EndpointResolver, LOOKUPS_PER_STORE } from './endpoint-resolver';

// The resolver against a DNS server of the test's own on loopback (what WEBHOOK_DNS_SERVERS points at).

describe('EndpointResolver', () => {
  let dns: DnsServer;
  let resolver: EndpointResolver;
  const health = { failed: jest.fn(), succeeded: jest.fn() };
  const soon = (ms = 5000) => Date.now() + ms;

  beforeEach(async () => {
    dns = await new DnsServer().start();
    resolver = new EndpointResolver([dns.server], health);
  });
  afterEach(async () => {
    resolver.close();
    await dns.stop();
  });

  it('answers every address, IPv4 first; keeps it for its TTL; one query for concurrent lookups of a name', async () => {
    dns.records.set('both.example.test', { a: ['93.184.215.14'], aaaa: ['2606:4700::6810:85e5'], ttl: 60 });
    const lookups = await Promise.all(
      [1, 2, 3].map(() => resolver.resolve('Both.Example.Test.', 's', soon())),
    );
    for (const addresses of lookups)
      expect(addresses).toEqual([
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700::6810:85e5', family: 6 },
      ]);
    await resolver.resolve('both.example.test', 's', soon());
    expect(dns.questions.map(({ name, type }) => [name, type])).toEqual([
      ['both.example.test', 'A'],
      ['both.example.test', 'AAAA'],
    ]);
  });

  it('localhost is loopback without a query (RFC 6761); an unknown name is refused', async () => {
    expect((await resolver.resolve('api.localhost', 's', soon())).map((a) => a.address)).toEqual([
      '127.0.0.1',
      '::1',
    ]);
    await expect(resolver.resolve('nothing.example.test', 's', soon())).rejects.toMatchObject({
      slow: false,
      code: 'ENOTFOUND',
    });
    expect(dns.questions.map((q) => q.name)).toEqual(['nothing.example.test', 'nothing.example.test']);
  });

  it('a slow name gives up at its deadline, as slow; the query is cancelled', async () => {
    dns.records.set('slow.example.test', { a: ['93.184.215.14'], delayMs: 2000 });
    const started = Date.now();
    await expect(resolver.resolve('slow.example.test', 's', soon(300))).rejects.toMatchObject({ slow: true });
    expect(Date.now() - started).toBeLessThan(800);
  });

  it("a store's lookups in flight are capped; another store's names resolve meanwhile", async () => {
    for (let i = 0; i < 10; i++)
      dns.records.set(`slow${i}.example.test`, { a: ['93.184.215.14'], delayMs: 700 });
    dns.records.set('fast.example.test', { a: ['93.184.215.15'] });
    const slow = Array.from({ length: 10 }, (_, i) =>
      resolver.resolve(`slow${i}.example.test`, 'busy', soon()),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect((await resolver.resolve('fast.example.test', 'other', soon()))[0].address).toBe('93.184.215.15');
    expect(Date.now() - started).toBeLessThan(300);
    await Promise.all(slow);
    // A and AAAA per lookup: the busy store's lookups plus the other store's one, never more.
    expect(dns.maxPending).toBeLessThanOrEqual(2 * (LOOKUPS_PER_STORE + 1));
    expect(dns.questions.filter((q) => q.name.startsWith('slow'))).toHaveLength(20);
  });
});
