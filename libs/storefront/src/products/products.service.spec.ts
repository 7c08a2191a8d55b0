import { APP, changeRecorder, errorCode, OWNER, STORE_ID as STORE } from '@app/testing/service-fakes';
import type { ProductRow, ProductWrite } from './product.row';
import { HandleTakenError, ProductsRepository } from './products.repository';
import type { StoresService } from '@app/stores';
import { ProductsService } from './products.service';
import type { VariantsService } from '../variants/variants.service';
import type { Product } from './product';
import { toProductDto } from './product.mapper';

// The catalogue's rules with its repository replaced: what reaches the repository, pricing, and the coded
// errors each refusal is (the same for both doors; each transport renders them).
const P1 = 'c0000000-0000-4000-8000-000000000001';
const P2 = 'c0000000-0000-4000-8000-000000000002';

function productRow(id: string, patch: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    store_id: STORE,
    handle: 'mug',
    title: 'Mug',
    description: null,
    price_minor: '1250',
    currency_code: 'USD',
    inventory: 3,
    created_at: new Date('2026-11-22T10:00:00Z'),
    updated_at: new Date('2026-11-22T10:00:00Z'),
    cursor_ts: '2026-11-22T10:00:00.000000Z',
    ...patch,
  };
}

function setup(rows: ProductRow[] = []) {
  const calls: { page?: unknown; update?: ProductWrite; insert?: ProductWrite } = {};
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
    page: async (_s: string, options: unknown) => {
      calls.page = options;
      return rows;
    },
    byId: async (_s: string, id: string) => rows.find((r) => r.id === id),
    byHandle: async (_s: string, handle: string) => rows.find((r) => r.handle === handle),
    currencyOf: async (_s: string, id: string) => rows.find((r) => r.id === id)?.currency_code,
    insert: async (_tx: unknown, _s: string, product: ProductWrite) => {
      calls.insert = product;
      if (product.handle === 'taken') throw new HandleTakenError();
      return productRow(P1, { handle: product.handle });
    },
    update: async (_tx: unknown, _s: string, id: string, changes: ProductWrite) => {
      calls.update = changes;
      return rows.find((r) => r.id === id);
    },
    softDelete: async (_tx: unknown, _s: string, id: string) => rows.find((r) => r.id === id)?.id,
    hasOptions: async () => false,
  };
  // The store's currency (v1.4), what a product created without currencyCode is priced in.
  const stores = { publicProfile: async () => ({ currencyCode: 'JPY' }) };
  const service = new ProductsService(
    repo as unknown as ProductsRepository,
    events,
    stores as unknown as StoresService,
    {
      createFor: async () => undefined,
      productJson: async (_tx: unknown, _s: string, product: Product) => toProductDto(product, []),
    } as unknown as VariantsService,
  );
  return { service, calls, emitted, TX };
}

const input = (patch: object = {}) => ({
  handle: 'h',
  title: 'T',
  price: '12.50',
  currencyCode: 'USD',
  inventory: 1,
  ...patch,
});

describe('ProductsService (repository replaced)', () => {
  it('escapes LIKE wildcards in a search and asks for one row more than the page', async () => {
    const { service, calls } = setup([productRow(P1)]);
    const page = await service.connection(STORE, { first: 2, after: null, query: ' 50%_off ' });
    expect(calls.page).toEqual({ newest: false, after: null, pattern: '%50\\%\\_off%', limit: 3 });
    expect(page.edges.map((e) => e.node.id)).toEqual([P1]);
    expect(page.pageInfo.hasNextPage).toBe(false);
    expect(
      await errorCode(service.connection(STORE, { first: 2, after: null, query: 'x'.repeat(101) })),
    ).toBe('validation_failed');
  });

  it('pages newest first with a cursor only when more follow', async () => {
    const { service, calls } = setup([productRow(P1), productRow(P2)]);
    const page = await service.newest(STORE, { limit: 1, after: null });
    expect(calls.page).toEqual({ newest: true, after: null, pattern: null, limit: 2 });
    expect(page.data.map((p) => p.id)).toEqual([P1]);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await service.newest(STORE, { limit: 2, after: null })).nextCursor).toBeNull();
  });

  it('reads one product: null or product_not_found for a malformed, missing or foreign id', async () => {
    const { service } = setup([productRow(P1)]);
    expect(await service.byId(STORE, 'not-a-uuid')).toBeNull();
    expect((await service.byHandle(STORE, 'mug'))?.id).toBe(P1);
    expect(await errorCode(service.get(STORE, P2))).toBe('product_not_found');
    expect(await errorCode(service.get(STORE, 'not-a-uuid'))).toBe('product_not_found');
  });

  it('stores prices in minor units of the currency; a duplicate handle is handle_taken', async () => {
    const { service, calls } = setup();
    await service.create(APP, STORE, input());
    expect(calls.insert).toEqual({
      handle: 'h',
      title: 'T',
      description: null,
      inventory: 1,
      price_minor: '1250',
      currency_code: 'USD',
    });
    await service.create(APP, STORE, input({ handle: 'y', price: '1250', currencyCode: 'JPY' }));
    expect(calls.insert).toMatchObject({ price_minor: '1250', currency_code: 'JPY' });
    expect(await errorCode(service.create(APP, STORE, input({ price: '1.005' })))).toBe('validation_failed');
    expect(await errorCode(service.create(APP, STORE, input({ handle: 'taken' })))).toBe('handle_taken');
  });

  it("(v1.4) prices a product created without currencyCode in the store's currency, refusing extra decimals", async () => {
    const { service, calls } = setup();
    await service.create(APP, STORE, input({ price: '500', currencyCode: undefined }));
    expect(calls.insert).toMatchObject({ price_minor: '500', currency_code: 'JPY' });
    const refused = await service
      .create(APP, STORE, input({ price: '500.5', currencyCode: undefined }))
      .then(() => undefined)
      .catch((e: unknown) => e as { options: { extensions?: { reason?: string } } });
    expect(refused?.options.extensions).toEqual({ reason: 'amount_precision' });
  });

  it('re-prices in the stored currency on update and refuses a currency change without a price', async () => {
    const { service, calls } = setup([productRow(P1, { currency_code: 'JPY' })]);
    await service.update(OWNER, STORE, P1, { price: '300' });
    expect(calls.update).toEqual({ price_minor: '300', currency_code: 'JPY' });
    await service.update(OWNER, STORE, P1, { title: 'Cup', description: null });
    expect(calls.update).toEqual({ title: 'Cup', description: null });
    expect(await errorCode(service.update(OWNER, STORE, P1, { currencyCode: 'USD' }))).toBe(
      'validation_failed',
    );
    expect(await errorCode(service.update(OWNER, STORE, P2, { title: 'x' }))).toBe('product_not_found');
    expect(await errorCode(service.update(OWNER, STORE, P2, { price: '1' }))).toBe('product_not_found');
    expect(await errorCode(service.delete(OWNER, STORE, P2))).toBe('product_not_found');
    expect(await service.delete(OWNER, STORE, P1)).toBe(P1);
  });

  it('emits one event per write, in its transaction, with the product as JSON; none for a refused write', async () => {
    const { service, emitted, TX } = setup([productRow(P1)]);
    await service.create(APP, STORE, input());
    await errorCode(service.create(APP, STORE, input({ handle: 'taken' })));
    await service.update(OWNER, STORE, P1, { title: 'Mug' });
    await errorCode(service.update(OWNER, STORE, P2, { title: 'x' }));
    await service.delete(APP, STORE, P1);
    await errorCode(service.delete(APP, STORE, P2));
    const change = { storeId: STORE, tx: TX };
    expect(emitted).toHaveLength(3);
    expect(emitted).toMatchObject([
      { ...change, type: 'product.created', caller: APP },
      { ...change, type: 'product.updated', caller: OWNER },
      { ...change, type: 'product.deleted', caller: APP },
    ]);
    expect(emitted[0].data).toEqual({
      id: P1,
      handle: 'h',
      title: 'Mug',
      description: null,
      price: { amount: '12.50', currencyCode: 'USD' },
      inventory: 3,
      images: [],
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(emitted[2].data).toEqual({ id: P1 });
  });
});
