import { AppCaller, DomainError, graphqlCodeFor, PublicTokenCaller } from '@app/core';
import type { EmitEvent, EventsWriter } from '@app/events';
import type { ProductRow } from './catalogue/product.row';
import { HandleTakenError, ProductChanges, ProductsRepository } from './catalogue/products.repository';
import { ProductsService } from './catalogue/products.service';
import type { OrderRow, OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';

// The storefront services' rules with their repositories replaced: scopes, what reaches the
// repository, pricing, and how repository answers become errors.
const STORE = 'b0000000-0000-4000-8000-000000000002';
const P1 = 'c0000000-0000-4000-8000-000000000001';
const P2 = 'c0000000-0000-4000-8000-000000000002';
const APP: AppCaller = {
  kind: 'app',
  appId: 'a0000000-0000-4000-8000-000000000001',
  storeId: STORE,
  scopes: ['products:read', 'products:write', 'orders:read', 'orders:write'],
  jti: 'j',
};
const PUBLIC: PublicTokenCaller = {
  kind: 'public',
  tokenId: 't',
  storeId: STORE,
  scopes: ['products:read', 'store:read'],
} as PublicTokenCaller;

/** The events writer replaced: what was emitted, and in which transaction. */
function recorder(tx: unknown) {
  const emitted: (EmitEvent & { tx: unknown })[] = [];
  const writer = {
    emit: async (inTx: unknown, event: EmitEvent) => {
      expect(inTx).toBe(tx);
      emitted.push({ ...event, tx: inTx });
    },
  };
  return { emitted, writer: writer as unknown as EventsWriter };
}

/** The code a GraphQL client would see for the refusal (the error table's mapping). */
const code = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => graphqlCodeFor(e.code),
  );

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

describe('ProductsService (repository replaced)', () => {
  function setup(rows: ProductRow[] = []) {
    const calls: { page?: unknown; update?: ProductChanges; insert?: unknown } = {};
    const TX = { tx: 'products' };
    const events = recorder(TX);
    const repo = {
      transaction: async <R>(work: (tx: unknown) => Promise<R>) => work(TX),
      page: async (_s: string, options: unknown) => {
        calls.page = options;
        return rows;
      },
      byId: async (_s: string, id: string) => rows.find((r) => r.id === id),
      byHandle: async (_s: string, handle: string) => rows.find((r) => r.handle === handle),
      currencyOf: async (_s: string, id: string) => rows.find((r) => r.id === id)?.currency_code,
      insert: async (_tx: unknown, _s: string, product: { handle: string }) => {
        calls.insert = product;
        if (product.handle === 'taken') {
          throw new HandleTakenError();
        }
        return productRow(P1, { handle: product.handle });
      },
      update: async (_tx: unknown, _s: string, id: string, changes: ProductChanges) => {
        calls.update = changes;
        return rows.find((r) => r.id === id);
      },
      softDelete: async (_tx: unknown, _s: string, id: string) => rows.find((r) => r.id === id)?.id,
    };
    return {
      service: new ProductsService(repo as unknown as ProductsRepository, events.writer),
      calls,
      emitted: events.emitted,
    };
  }

  it('escapes LIKE wildcards in a search and asks for one row more than the page', async () => {
    const { service, calls } = setup([productRow(P1)]);
    const page = await service.list(PUBLIC, { first: 2, query: '50%_off' });
    expect(calls.page).toEqual({ after: null, pattern: '%50\\%\\_off%', limit: 3 });
    expect(page.edges.map((e) => e.node.id)).toEqual([P1]);
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it('needs exactly one of id and handle; a malformed id is simply not found', async () => {
    const { service } = setup([productRow(P1)]);
    expect(await code(service.find(PUBLIC, {}))).toBe('BAD_USER_INPUT');
    expect(await code(service.find(PUBLIC, { id: P1, handle: 'mug' }))).toBe('BAD_USER_INPUT');
    expect(await service.find(PUBLIC, { id: 'not-a-uuid' })).toBeNull();
    expect((await service.find(PUBLIC, { handle: 'mug' }))?.id).toBe(P1);
  });

  it('refuses writes to a public token before touching the repository', async () => {
    const { service, calls } = setup();
    const input = { handle: 'h', title: 'T', price: '1.00', currencyCode: 'USD', inventory: 1 };
    expect(await code(service.create(PUBLIC, input))).toBe('FORBIDDEN');
    expect(calls.insert).toBeUndefined();
  });

  it('stores prices in minor units of the currency and turns a duplicate handle into a field error', async () => {
    const { service, calls } = setup();
    await service.create(APP, { handle: 'h', title: 'T', price: '12.50', currencyCode: 'USD', inventory: 1 });
    expect(calls.insert).toMatchObject({ priceMinor: '1250', currencyCode: 'USD' });
    await service.create(APP, { handle: 'y', title: 'T', price: '1250', currencyCode: 'JPY', inventory: 1 });
    expect(calls.insert).toMatchObject({ priceMinor: '1250', currencyCode: 'JPY' });
    expect(
      await code(
        service.create(APP, { handle: 'taken', title: 'T', price: '1', currencyCode: 'USD', inventory: 1 }),
      ),
    ).toBe('BAD_USER_INPUT');
  });

  it('re-prices in the stored currency on update and refuses a currency change without a price', async () => {
    const { service, calls } = setup([productRow(P1, { currency_code: 'JPY' })]);
    await service.update(APP, P1, { price: '300' });
    expect(calls.update).toEqual({ price_minor: '300', currency_code: 'JPY' });
    expect(await code(service.update(APP, P1, { currencyCode: 'USD' }))).toBe('BAD_USER_INPUT');
    expect(await code(service.update(APP, P2, { title: 'x' }))).toBe('NOT_FOUND');
    expect(await code(service.delete(APP, P2))).toBe('NOT_FOUND');
    expect(await service.delete(APP, P1)).toBe(P1);
  });

  it('emits one event per write with the product as JSON, none for a refused write', async () => {
    const { service, emitted } = setup([productRow(P1)]);
    await service.create(APP, { handle: 'h', title: 'T', price: '12.50', currencyCode: 'USD', inventory: 1 });
    await code(
      service.create(APP, { handle: 'taken', title: 'T', price: '1', currencyCode: 'USD', inventory: 1 }),
    );
    await service.update(APP, P1, { title: 'Mug' });
    await code(service.update(APP, P2, { title: 'x' }));
    await service.delete(APP, P1);
    await code(service.delete(APP, P2));
    expect(emitted.map((e) => [e.type, e.storeId, e.caller])).toEqual([
      ['product.created', STORE, APP],
      ['product.updated', STORE, APP],
      ['product.deleted', STORE, APP],
    ]);
    expect(emitted[0].data).toEqual({
      id: P1,
      handle: 'h',
      title: 'Mug',
      description: null,
      price: { amount: '12.50', currencyCode: 'USD' },
      inventory: 3,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(emitted[2].data).toEqual({ id: P1 });
  });
});

describe('OrdersService (repository replaced)', () => {
  function setup(stock: Record<string, { inventory: number; price: string; currency: string }>) {
    const taken: string[] = [];
    let inserted: Parameters<OrdersRepository['insert']>[2] | undefined;
    const TX = { tx: 'order' };
    const events = recorder(TX);
    const repo = {
      transaction: async <R>(work: (tx: never) => Promise<R>) => work(TX as never),
      takeStock: async (_tx: unknown, _s: string, productId: string, quantity: number) => {
        const item = stock[productId];
        if (!item || item.inventory < quantity) return undefined;
        item.inventory -= quantity;
        taken.push(productId);
        return { price_minor: item.price, currency_code: item.currency };
      },
      productExists: async (_tx: unknown, _s: string, productId: string) => productId in stock,
      insert: async (_tx: unknown, _s: string, order: NonNullable<typeof inserted>): Promise<OrderRow> => {
        inserted = order;
        return {
          id: 'd0000000-0000-4000-8000-000000000001',
          status: 'pending',
          customer_email: order.customerEmail,
          total_minor: order.totalMinor,
          currency_code: order.currencyCode,
          created_at: new Date(),
          cursor_ts: '',
        };
      },
    };
    const service = new OrdersService(repo as unknown as OrdersRepository, events.writer);
    return { service, taken, inserted: () => inserted, emitted: events.emitted };
  }

  it('merges lines, takes stock in product-id order and prices the total from the catalogue', async () => {
    const { service, taken, inserted, emitted } = setup({
      [P1]: { inventory: 5, price: '250', currency: 'USD' },
      [P2]: { inventory: 5, price: '1000', currency: 'USD' },
    });
    const order = await service.create(APP, {
      customerEmail: ' buyer@example.com ',
      lines: [
        { productId: P2, quantity: 1 },
        { productId: P1, quantity: 1 },
        { productId: P2, quantity: 2 },
      ],
    });
    expect(taken).toEqual([P1, P2]);
    expect(inserted()).toMatchObject({
      customerEmail: 'buyer@example.com',
      totalMinor: '3250',
      lines: [
        { productId: P2, quantity: 3, unitPriceMinor: '1000' },
        { productId: P1, quantity: 1, unitPriceMinor: '250' },
      ],
    });
    expect(order.knownLines?.map((l) => l.lineTotal.amount)).toEqual(['30.00', '2.50']);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: 'order.created', storeId: STORE, caller: APP });
    expect(emitted[0].data).toMatchObject({
      id: order.id,
      customerEmail: 'buyer@example.com',
      total: { amount: '32.50', currencyCode: 'USD' },
      lines: [
        { productId: P2, quantity: 3, unitPrice: { amount: '10.00', currencyCode: 'USD' } },
        { productId: P1, quantity: 1, lineTotal: { amount: '2.50', currencyCode: 'USD' } },
      ],
    });
  });

  it('tells out of stock from missing, and refuses mixed currencies', async () => {
    const stock = {
      [P1]: { inventory: 1, price: '250', currency: 'USD' },
      [P2]: { inventory: 5, price: '1000', currency: 'EUR' },
    };
    const { service, emitted } = setup(stock);
    const line = (productId: string, quantity: number) => ({
      customerEmail: 'b@e.com',
      lines: [{ productId, quantity }],
    });
    expect(await code(service.create(APP, line(P1, 2)))).toBe('OUT_OF_STOCK');
    expect(await code(service.create(APP, line('e0000000-0000-4000-8000-000000000009', 1)))).toBe(
      'NOT_FOUND',
    );
    expect(await code(service.create(APP, line('nope', 1)))).toBe('NOT_FOUND');
    expect(
      await code(
        service.create(APP, {
          customerEmail: 'b@e.com',
          lines: [
            { productId: P1, quantity: 1 },
            { productId: P2, quantity: 1 },
          ],
        }),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(emitted).toEqual([]);
  });

  it('refuses a public token orders of any kind', async () => {
    const { service } = setup({});
    expect(await code(service.list(PUBLIC, {}))).toBe('FORBIDDEN');
    expect(await code(service.create(PUBLIC, { customerEmail: 'b@e.com', lines: [] }))).toBe('FORBIDDEN');
  });
});
