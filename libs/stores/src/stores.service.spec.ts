import { changeRecorder, errorCode, OWNER, OWNER_STORE, STORE_ID } from '@app/testing/service-fakes';
import type { AppConfig } from '@app/core';
import type { MediaService } from '@app/media';
import type { EntityManager } from 'typeorm';
import type { StoreRow } from './store.row';
import type { StoresRepository } from './stores.repository';
import { StoresService } from './stores.service';

// The service's rules with the repository replaced: no database, milliseconds per case.
function row(overrides: Partial<StoreRow> = {}): StoreRow {
  const now = new Date('2026-11-22T10:00:00Z');
  return {
    id: STORE_ID,
    name: 'Shop',
    description: null,
    status: 'onboarding',
    completed_stages: [1],
    completed_at: null,
    favicon_url: null,
    logo_black_white_url: null,
    logo_color_url: null,
    favicon_media_id: null,
    logo_black_white_media_id: null,
    logo_color_media_id: null,
    mobile: null,
    landline: null,
    support_email: null,
    whatsapp_number: null,
    address: null,
    region: null,
    gst_number: null,
    social_links: [],
    require_two_factor: false,
    currency_code: 'USD',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

function fakeRepository(stored: StoreRow | undefined) {
  const calls: string[] = [];
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    find: async (id: string) => (calls.push('find'), id === STORE_ID ? stored : undefined),
    delete: async () => (calls.push('delete'), stored !== undefined),
    lock: async () => (calls.push('lock'), stored),
    update: async (
      _tx: EntityManager,
      _id: string,
      patch: { fields?: { name?: string }; completedStages?: number[]; activate?: boolean },
    ) => (
      calls.push('update'),
      stored &&
        row({
          ...stored,
          ...(patch.fields?.name ? { name: patch.fields.name } : {}),
          completed_stages: patch.completedStages ?? stored?.completed_stages ?? [],
          ...(patch.activate ? { status: 'active' as const } : {}),
        })
    ),
    transaction,
  };
  return {
    // These cases send no branding media, so the media service is never asked.
    service: new StoresService(
      repo as unknown as StoresRepository,
      events,
      { maxStoresPerAccount: 100 } as AppConfig,
      {} as MediaService,
    ),
    calls,
    emitted,
    TX,
  };
}

describe('StoresService (repository replaced)', () => {
  it('answers a store that went between the access check and the read with a 404', async () => {
    const { service, calls } = fakeRepository(undefined);
    expect(await errorCode(service.get(OWNER_STORE))).toBe('store_not_found');
    expect(await errorCode(service.delete(OWNER_STORE))).toBe('store_not_found');
    expect(calls).toEqual(['find', 'delete']);
  });

  it("answers the store with the caller's role, and its events without anyone's", async () => {
    const { service, emitted } = fakeRepository(row());
    expect((await service.get({ storeId: STORE_ID, role: 'staff' })).role).toBe('staff');
    const updated = await service.update(OWNER, { storeId: STORE_ID, role: 'admin' }, { name: 'Renamed' });
    expect([updated.name, updated.role]).toEqual(['Renamed', 'admin']);
    expect(emitted[0].data).not.toHaveProperty('role');
  });

  it('an empty PUT reads the store instead of writing it', async () => {
    const { service, calls } = fakeRepository(row());
    expect((await service.update(OWNER, OWNER_STORE, {})).name).toBe('Shop');
    expect((await service.update(OWNER, OWNER_STORE, { name: 'Renamed' })).name).toBe('Renamed');
    expect(calls).toEqual(['find', 'update']);
  });

  it('lets only the owner with a second factor set requireTwoFactor (on or off), and writes nothing otherwise', async () => {
    const { service, calls } = fakeRepository(row());
    const admin = { storeId: STORE_ID, role: 'admin' as const };
    expect(await errorCode(service.update(OWNER, admin, { requireTwoFactor: true }))).toBe(
      'insufficient_role',
    );
    expect(await errorCode(service.update(OWNER, OWNER_STORE, { requireTwoFactor: false }))).toBe(
      'two_factor_required',
    );
    expect(calls).toEqual([]);
    const owner = { ...OWNER, secondFactor: true };
    expect((await service.update(owner, OWNER_STORE, { requireTwoFactor: true })).name).toBe('Shop');
    expect(calls).toEqual(['update']);
  });

  it('decides a locked change from the locked state, and writes nothing when the decision is "no change"', async () => {
    const { service, calls } = fakeRepository(row({ completed_stages: [1, 2] }));
    const seen: number[][] = [];
    const store = await service.changeLocked(OWNER, OWNER_STORE, (progress) => {
      seen.push(progress.completedStages);
      return { completedStages: [1, 2, 3] };
    });
    expect(seen).toEqual([[1, 2]]);
    expect(store.onboarding.completedStages).toEqual([1, 2, 3]);
    await service.changeLocked(OWNER, OWNER_STORE, () => null);
    expect(calls).toEqual(['lock', 'update', 'lock']);
  });

  it('emits store.updated or store.completed for a locked change, in its transaction, and nothing for no change', async () => {
    const { service, emitted, TX } = fakeRepository(row({ completed_stages: [1, 2, 3, 4] }));
    await service.changeLocked(OWNER, OWNER_STORE, () => ({ completedStages: [1, 2, 3, 4] }));
    await service.changeLocked(OWNER, OWNER_STORE, () => ({ activate: true }));
    await service.changeLocked(OWNER, OWNER_STORE, () => null);
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
        service.changeLocked(OWNER, OWNER_STORE, () => {
          throw refusal;
        }),
      ),
    ).toBe('onboarding_completed');
    expect(
      await errorCode(fakeRepository(undefined).service.changeLocked(OWNER, OWNER_STORE, () => null)),
    ).toBe('store_not_found');
  });
});
