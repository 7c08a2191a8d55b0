import { changeRecorder, errorCode, OWNER, OWNER_STORE, testHasher } from '@app/testing/service-fakes';
import type { PublicTokensRepository, TokenRow } from './public-tokens.repository';
import { PublicTokensService } from './public-tokens.service';

const STORE_ID = OWNER_STORE.storeId;

// The service's rules with the repository replaced: what is hashed, what is never returned, which 404 (the
// store itself was decided by the route's access rule: `gone` is a store deleted since).
const TOKEN_ID = 'c0000000-0000-4000-8000-000000000003';

function setup(options: { gone?: boolean; token?: boolean }) {
  const inserted: { hash: string; hint: string; scopes: string[] }[] = [];
  const row = (hint: string): TokenRow => ({
    id: TOKEN_ID,
    store_id: STORE_ID,
    name: 'Web',
    scopes: ['products:read', 'store:read'],
    created_at: new Date('2026-11-22T10:00:00Z'),
    token_hint: hint,
    allowed_origins: [],
  });
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
    insert: async (_tx: unknown, _s: string, t: { scopes: string[] }, s: { hash: string; hint: string }) => {
      inserted.push({ ...s, scopes: t.scopes });
      return options.gone ? undefined : row(s.hint);
    },
    list: async () => (options.token ? [row('abcd')] : []),
    rotate: async (_tx: unknown, _s: string, _t: string, secret: { hint: string }) =>
      options.token ? row(secret.hint) : undefined,
    delete: async () => Boolean(options.token),
    findByHash: async () => undefined,
  };
  const service = new PublicTokensService(repo as unknown as PublicTokensRepository, testHasher, events);
  return { service, inserted, emitted, TX };
}

describe('PublicTokensService (repository replaced)', () => {
  it('issues an sfp_ token once, stores only its keyed hash and hint, in canonical scope order', async () => {
    const { service, inserted } = setup({});
    const issued = await service.create(OWNER, OWNER_STORE, {
      name: 'Web',
      scopes: ['products:read', 'store:read'],
    });
    expect(issued.token).toMatch(/^sfp_[A-Za-z0-9_-]{43}$/);
    expect(inserted[0].hash).toBe(testHasher.hash('public_token', issued.token));
    expect(inserted[0].hash).not.toContain(issued.token);
    expect(inserted[0].hint).toBe(issued.token.slice(-4));
    expect(inserted[0].scopes).toEqual(['store:read', 'products:read']);
  });

  it('lists without token values; a missing token is public_token_not_found, a store gone store_not_found', async () => {
    expect(JSON.stringify(await setup({ token: true }).service.list(OWNER_STORE))).not.toContain('sfp_');
    expect(await errorCode(setup({}).service.rotate(OWNER, OWNER_STORE, TOKEN_ID))).toBe(
      'public_token_not_found',
    );
    expect(await errorCode(setup({}).service.remove(OWNER, OWNER_STORE, 'nope'))).toBe(
      'public_token_not_found',
    );
    expect(await errorCode(setup({ gone: true }).service.create(OWNER, OWNER_STORE, { name: 'x' }))).toBe(
      'store_not_found',
    );
  });

  it('emits one event per change, in the change’s transaction, never with the token value', async () => {
    const { service, emitted, TX } = setup({ token: true });
    const issued = await service.create(OWNER, OWNER_STORE, { name: 'Web' });
    const rotated = await service.rotate(OWNER, OWNER_STORE, TOKEN_ID);
    await service.remove(OWNER, OWNER_STORE, TOKEN_ID);
    expect(emitted.map((e) => [e.type, e.storeId, e.tx, e.caller])).toEqual([
      ['public_token.created', STORE_ID, TX, OWNER],
      ['public_token.rotated', STORE_ID, TX, OWNER],
      ['public_token.deleted', STORE_ID, TX, OWNER],
    ]);
    expect(emitted[1].data).toMatchObject({ id: TOKEN_ID, tokenHint: rotated.token.slice(-4) });
    expect(emitted[2].data).toEqual({ id: TOKEN_ID });
    const json = JSON.stringify(emitted);
    expect(json).not.toContain(issued.token);
    expect(json).not.toContain(rotated.token);
    const missing = setup({});
    await missing.service.remove(OWNER, OWNER_STORE, TOKEN_ID).catch(() => undefined);
    expect(missing.emitted).toEqual([]);
  });

  it('refuses malformed bearer values before any lookup', async () => {
    const { service } = setup({});
    expect(await service.resolve('sfp_short')).toBeNull();
    expect(await service.resolve(`sfp_${'a'.repeat(43)}`)).toBeNull(); // well-formed, unknown
  });
});
