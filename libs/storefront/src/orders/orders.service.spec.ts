import { APP, changeRecorder, errorCode, STORE_ID as STORE } from '@app/testing/service-fakes';
import type { OrderRow } from './order.row';
import type { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { StorefrontErrors } from '../storefront.errors';
import { isUuid } from '@app/core';
import { mergeVariantLines, type LineTarget } from '../variants/variant-lines';
import type { VariantsService } from '../variants/variants.service';

// Placing an order with the repository replaced: merging, stock order, pricing, and the coded refusals.
const P1 = 'c0000000-0000-4000-8000-000000000001';
const P2 = 'c0000000-0000-4000-8000-000000000002';

function setup(stock: Record<string, { inventory: number; price: string; currency: string }>) {
  const taken: string[] = [];
  let inserted: Parameters<OrdersRepository['insert']>[2] | undefined;
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
    lockProducts: async () => undefined,
    // Each product here has only its default variant, whose id is the product's in this fake.
    takeVariantStock: async (_tx: unknown, _s: string, variantId: string, quantity: number) => {
      const item = stock[variantId];
      if (!item || item.inventory < quantity) return undefined;
      item.inventory -= quantity;
      taken.push(variantId);
      return {
        price_minor: item.price,
        currency_code: item.currency,
        product_title: 'T',
        sku: null,
        selected_options: [],
      };
    },
    variantExists: async (_tx: unknown, _s: string, variantId: string) => variantId in stock,
    insert: async (_tx: unknown, _s: string, order: NonNullable<typeof inserted>): Promise<OrderRow> => {
      inserted = order;
      return {
        id: 'd0000000-0000-4000-8000-000000000001',
        status: 'open',
        source: order.source,
        customer_email: order.customerEmail,
        total_minor: order.totalMinor,
        currency_code: order.currencyCode,
        created_at: new Date(),
        fulfilled_at: null,
        cancelled_at: null,
        payment_status: order.paymentStatus,
        paid_at: null,
        cancel_reason: null,
        cursor_ts: '',
      };
    },
  };
  const variants = {
    resolveLines: async (_tx: unknown, _s: string, lines: LineTarget[]) =>
      mergeVariantLines(
        lines.map((l) => {
          if (!isUuid(l.productId ?? '') || !(l.productId! in stock))
            throw StorefrontErrors.productNotFound();
          return { variantId: l.productId!, productId: l.productId!, quantity: l.quantity };
        }),
      ),
  };
  const service = new OrdersService(
    repo as unknown as OrdersRepository,
    events,
    variants as unknown as VariantsService,
  );
  return { service, taken, inserted: () => inserted, emitted, TX };
}

describe('OrdersService (repository replaced)', () => {
  it('merges lines, takes stock in product-id order and prices the total from the catalogue', async () => {
    const { service, taken, inserted, emitted, TX } = setup({
      [P1]: { inventory: 5, price: '250', currency: 'USD' },
      [P2]: { inventory: 5, price: '1000', currency: 'USD' },
    });
    const order = await service.create(APP, STORE, {
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
    expect(order.lines.map((l) => l.lineTotal.amount)).toEqual(['30.00', '2.50']);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: 'order.created', storeId: STORE, caller: APP, tx: TX });
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
    expect(await errorCode(service.create(APP, STORE, line(P1, 2)))).toBe('out_of_stock');
    expect(await errorCode(service.create(APP, STORE, line('e0000000-0000-4000-8000-000000000009', 1)))).toBe(
      'product_not_found',
    );
    expect(await errorCode(service.create(APP, STORE, line('nope', 1)))).toBe('product_not_found');
    expect(
      await errorCode(
        service.create(APP, STORE, {
          customerEmail: 'b@e.com',
          lines: [
            { productId: P1, quantity: 1 },
            { productId: P2, quantity: 1 },
          ],
        }),
      ),
    ).toBe('validation_failed');
    expect(emitted).toEqual([]);
  });
});

describe('OrdersService lifecycle (repository replaced)', () => {
  const ORDER_ID = 'd0000000-0000-4000-8000-000000000002';
  function lifecycle(status: string | null) {
    const { events, emitted, transaction, TX } = changeRecorder();
    const restored: string[] = [];
    const row = (to: string, reason: string | null = null): OrderRow => ({
      id: ORDER_ID,
      status: to,
      source: 'checkout',
      customer_email: 'b@e.com',
      total_minor: '500',
      currency_code: 'USD',
      created_at: new Date(),
      fulfilled_at: to === 'fulfilled' ? new Date() : null,
      cancelled_at: to === 'cancelled' ? new Date() : null,
      cancel_reason: reason,
      payment_status: 'paid',
      paid_at: null,
      cursor_ts: '',
    });
    const repo = {
      transaction,
      moveFromOpen: async (_tx: unknown, _s: string, _id: string, to: string, reason: string | null) =>
        status === 'open' ? row(to, reason) : undefined,
      byId: async () => (status ? row(status) : undefined),
      restoreStock: async (_tx: unknown, id: string) => void restored.push(id),
      lines: async () => [
        {
          order_id: ORDER_ID,
          position: 0,
          product_id: P1,
          quantity: 2,
          unit_price_minor: '250',
          currency_code: 'USD',
        },
      ],
    };
    const service = new OrdersService(repo as unknown as OrdersRepository, events, {} as VariantsService);
    return { service, emitted, restored, TX };
  }

  it('fulfils an open order with its event, and puts nothing back', async () => {
    const { service, emitted, restored, TX } = lifecycle('open');
    const order = await service.fulfil(APP, STORE, ORDER_ID);
    expect(order).toMatchObject({
      status: 'fulfilled',
      source: 'checkout',
      lines: [{ productId: P1, quantity: 2 }],
    });
    expect(restored).toEqual([]);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: 'order.fulfilled',
      tx: TX,
      data: { id: ORDER_ID, status: 'fulfilled' },
    });
  });

  it('cancels an open order, restoring its stock, with a trimmed reason', async () => {
    const { service, emitted, restored } = lifecycle('open');
    const order = await service.cancel(APP, STORE, ORDER_ID, '  changed my mind ');
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'changed my mind' });
    expect(restored).toEqual([ORDER_ID]);
    expect(emitted[0]).toMatchObject({ type: 'order.cancelled', data: { cancelReason: 'changed my mind' } });
    expect((await service.cancel(APP, STORE, ORDER_ID, '   ')).cancelReason).toBeNull();
  });

  it('refuses moves out of other statuses, unknown orders and long reasons, writing nothing', async () => {
    for (const status of ['fulfilled', 'cancelled']) {
      const { service, emitted, restored } = lifecycle(status);
      expect(await errorCode(service.fulfil(APP, STORE, ORDER_ID))).toBe('order_status_conflict');
      expect(await errorCode(service.cancel(APP, STORE, ORDER_ID))).toBe('order_status_conflict');
      expect([emitted, restored]).toEqual([[], []]);
    }
    const { service } = lifecycle(null);
    expect(await errorCode(service.fulfil(APP, STORE, ORDER_ID))).toBe('order_not_found');
    expect(await errorCode(service.cancel(APP, STORE, 'nope'))).toBe('order_not_found');
    expect(await errorCode(lifecycle('open').service.cancel(APP, STORE, ORDER_ID, 'x'.repeat(501)))).toBe(
      'validation_failed',
    );
  });
});
