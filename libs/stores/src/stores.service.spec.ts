import { changeRecorder, errorCode, OWNER, STORE_ID } from '@app/testing/service-fakes';
import type { EntityManager } from 'typeorm';
import type { StoreRow } from './store.row';
import type { StoresRepository } from './stores.repository';
import { StoresService } from './stores.service';

// The service's rules with the repository replaced: no database, milliseconds per case.
function row(overrides: Partial<StoreRow> = {}): StoreRow {
  const now = new Date('2026-11-22T10:00:00Z');
  return {
    id: STORE_ID,
    owner_id: OWNER.accountId,
    name: 'Shop',
    description: null,
    status: 'onboarding',
    completed_stages: [1],
    completed_at: null,
    favicon_url: null,
    logo_black_white_url: null,
    logo_color_url: null,
    mobile: null,
    landline: null,
    support_email: null,
    whatsapp_number: null,
    address: null,
    region: null,
    gst_number: null,
    social_links: [],
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

function fakeRepository(stored: StoreRow | undefined) {
  const calls: string[] = [];
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    findOwned: async (owner: string, id: string) => (
      calls.push('findOwned'),
      owner === OWNER.accountId && id === STORE_ID ? stored : undefined
    ),
    updateOwned: async () => (calls.push('updateOwned'), stored && row({ ...stored, name: 'Renamed' })),
    deleteOwned: async () => (calls.push('deleteOwned'), stored !== undefined),
    isOwned: async () => (calls.push('isOwned'), stored !== undefined),
    lockOwned: async () => (calls.push('lockOwned'), stored),
    updateLocked: async (
      _tx: EntityManager,
      _id: string,
      patch: { completedStages?: number[]; activate?: boolean },
    ) => (
      calls.push('updateLocked'),
      row({
        ...stored,
        completed_stages: patch.completedStages ?? stored?.completed_stages ?? [],
        ...(patch.activate ? { status: 'active' as const } : {}),
      })
    ),
    transaction,
  };
  return {
    service: new StoresService(repo as unknown as StoresRepository, events),
    calls,
    emitted,
    TX,
  };
}

describe('StoresService (repository replaced)', () => {
  it('answers a missing, foreign or malformed store id with the same 404, without a query for a malformed one', async () => {
    const { service, calls } = fakeRepository(undefined);
    expect(await errorCode(service.get(OWNER, STORE_ID))).toBe('store_not_found');
    expect(await errorCode(service.get(OWNER, 'not-a-uuid'))).toBe('store_not_found');
    expect(await errorCode(service.delete(OWNER, STORE_ID))).toBe('store_not_found');
    expect(await errorCode(service.assertOwned(OWNER, STORE_ID))).toBe('store_not_found');
    expect(calls).toEqual(['findOwned', 'deleteOwned', 'isOwned']);
  });

  it('an empty PUT reads the store instead of writing it', async () => {
    const { service, calls } = fakeRepository(row());
    expect((await service.update(OWNER, STORE_ID, {})).name).toBe('Shop');
    expect((await service.update(OWNER, STORE_ID, { name: 'Renamed' })).name).toBe('Renamed');
    expect(calls).toEqual(['findOwned', 'updateOwned']);
  });

  it('decides a locked change from the locked state, and writes nothing when the decision is "no change"', async () => {
    const { service, calls } = fakeRepository(row({ completed_stages: [1, 2] }));
    const seen: number[][] = [];
    const store = await service.changeLocked(OWNER, STORE_ID, (progress) => {
      seen.push(progress.completedStages);
      return { completedStages: [1, 2, 3] };
    });
    expect(seen).toEqual([[1, 2]]);
    expect(store.onboarding.completedStages).toEqual([1, 2, 3]);
    await service.changeLocked(OWNER, STORE_ID, () => null);
    expect(calls).toEqual(['lockOwned', 'updateLocked', 'lockOwned']);
  });

  it('emits store.updated or store.completed for a locked change, in its transaction, and nothing for no change', async () => {
    const { service, emitted, TX } = fakeRepository(row({ completed_stages: [1, 2, 3, 4] }));
    await service.changeLocked(OWNER, STORE_ID, () => ({ completedStages: [1, 2, 3, 4] }));
    await service.changeLocked(OWNER, STORE_ID, () => ({ activate: true }));
    await service.changeLocked(OWNER, STORE_ID, () => null);
    expect(emitted.map((e) => [e.type, e.storeId, e.tx, e.caller])).toEqual([
      ['store.updated', STORE_ID, TX, OWNER],
      ['store.completed', STORE_ID, TX, OWNER],
    ]);
    expect(emitted[1].data).toMatchObject({ id: STORE_ID, status: 'active' });
  });

  it('lets the decision refuse (its error passes through) and finds no store to lock as a 404', async () => {
    const { service } = fakeRepository(row());
    const refusal = Object.assign(new Error('no'), { code: 'onboarding_completed' });
    expect(
      await errorCode(
        service.changeLocked(OWNER, STORE_ID, () => {
          throw refusal;
        }),
      ),
    ).toBe('onboarding_completed');
    expect(await errorCode(fakeRepository(undefined).service.changeLocked(OWNER, STORE_ID, () => null))).toBe(
      'store_not_found',
    );
  });
});
