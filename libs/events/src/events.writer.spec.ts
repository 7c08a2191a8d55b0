import type { AccountCaller, AppCaller, PublicTokenCaller } from '@app/core';
import type { EntityManager } from 'typeorm';
import type { EventSink } from './events.ports';
import type { EventRow, EventsRepository } from './events.repository';
import { EventsWriter, SYSTEM_ACTOR } from './events.writer';

// The writer with its repository replaced: the actor it records, the transaction it insists on, the sinks.
const STORE = 'b0000000-0000-4000-8000-000000000002';
const ACCOUNT: AccountCaller = {
  kind: 'account',
  accountId: 'a0000000-0000-4000-8000-000000000001',
  sessionId: 's',
  jti: 'j',
};
const APP: AppCaller = {
  kind: 'app',
  appId: 'c0000000-0000-4000-8000-000000000003',
  storeId: STORE,
  scopes: [],
  jti: 'j',
};
const inTx = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;

function setup() {
  const inserted: Record<string, unknown>[] = [];
  const repo = {
    insert: async (_tx: EntityManager, e: Record<string, unknown>): Promise<EventRow> => {
      inserted.push(e);
      return {
        id: 'e0000000-0000-4000-8000-000000000004',
        store_id: e.storeId as string,
        type: e.type as string,
        actor_type: e.actorType as EventRow['actor_type'],
        actor_id: e.actorId as string | null,
        actor_name: e.actorName as string | null,
        data: e.data as Record<string, unknown>,
        created_at: new Date('2026-11-24T00:00:00Z'),
        cursor_ts: '2026-11-24T00:00:00.000000Z',
      };
    },
  };
  const sunk: { tx: EntityManager; id: string }[] = [];
  const sink: EventSink = { afterEmit: async (tx, event) => void sunk.push({ tx, id: event.id }) };
  const names = {
    appName: async (tx: EntityManager, id: string) => (tx === inTx && id === APP.appId ? 'ERP sync' : null),
  };
  const tokenNames = {
    publicTokenName: async (tx: EntityManager, id: string) => (tx === inTx && id === 't' ? 'Web shop' : null),
  };
  const writer = new EventsWriter(repo as unknown as EventsRepository, names, tokenNames, [sink]);
  return { writer, inserted, sunk };
}

describe('EventsWriter (repository replaced)', () => {
  it('names an account by id only, an app by its name read in the transaction, the system by nothing', async () => {
    const { writer, inserted } = setup();
    await writer.emit(inTx, { storeId: STORE, type: 'app.deleted', caller: ACCOUNT, data: { id: 'a' } });
    const event = await writer.emit(inTx, {
      storeId: STORE,
      type: 'product.deleted',
      caller: APP,
      data: { id: 'p' },
    });
    await writer.emit(inTx, { storeId: STORE, type: 'app.deleted', caller: SYSTEM_ACTOR, data: { id: 'a' } });
    expect(inserted.map((e) => [e.actorType, e.actorId, e.actorName])).toEqual([
      ['account', ACCOUNT.accountId, null],
      ['app', APP.appId, 'ERP sync'],
      ['system', null, null],
    ]);
    expect(event).toEqual({
      id: 'e0000000-0000-4000-8000-000000000004',
      type: 'product.deleted',
      storeId: STORE,
      createdAt: '2026-11-24T00:00:00.000Z',
      actor: { type: 'app', id: APP.appId, name: 'ERP sync' },
      data: { id: 'p' },
    });
  });

  it('refuses to write outside a transaction', async () => {
    const { writer, inserted } = setup();
    const outside = { queryRunner: { isTransactionActive: false } } as unknown as EntityManager;
    await expect(
      writer.emit(outside, { storeId: STORE, type: 'app.deleted', caller: ACCOUNT, data: { id: 'a' } }),
    ).rejects.toThrow(/transaction/);
    expect(inserted).toEqual([]);
  });

  it("names a public token (a shopper's checkout) by its id and its name read in the transaction", async () => {
    const { writer, inserted } = setup();
    const pub = { kind: 'public', tokenId: 't', storeId: STORE, scopes: [] } as PublicTokenCaller;
    await writer.emit(inTx, { storeId: STORE, type: 'product.deleted', caller: pub, data: { id: 'p' } });
    expect(inserted.map((e) => [e.actorType, e.actorId, e.actorName])).toEqual([
      ['public_token', 't', 'Web shop'],
    ]);
  });

  it('hands each event to the sinks in the same transaction (the seam for webhook delivery)', async () => {
    const { writer, sunk } = setup();
    const event = await writer.emit(inTx, {
      storeId: STORE,
      type: 'webhook.test',
      caller: ACCOUNT,
      data: { endpointId: 'w' },
    });
    expect(sunk).toEqual([{ tx: inTx, id: event.id }]);
  });

  it('takes for `data` only what its type carries (EVENT_DATA, checked by the compiler)', () => {
    const { writer } = setup();
    const deletion = { storeId: STORE, caller: ACCOUNT, data: { id: 'p' } };
    const emits = [
      () => writer.emit(inTx, { ...deletion, type: 'product.deleted' }),
      // @ts-expect-error product.created carries the product, not only its id
      () => writer.emit(inTx, { ...deletion, type: 'product.created' }),
      // @ts-expect-error not an event type
      () => writer.emit(inTx, { ...deletion, type: 'product.archived' }),
    ];
    expect(emits).toHaveLength(3);
  });
});
