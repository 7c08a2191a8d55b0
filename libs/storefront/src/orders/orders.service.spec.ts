import { APP, changeRecorder, errorCode, STORE_ID as STORE } from '@app/testing/service-fakes';
import type { OrderRow } from './order.row';
import type { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

// Placing an order with the repository replaced: merging, stock order, pricing, and the coded refusals.
const P1 = 'c0000000-0000-4000-8000-000000000001';
const P2 = 'c0000000-0000-4000-8000-000000000002';

function setup(stock: Record<string, { inventory: number; price: string; currency: string }>) {
  const taken: string[] = [];
  let inserted: Parameters<OrdersRepository['insert']>[2] | undefined;
  const { TX, emitted, events, transaction } = changeRecorder();
  const repo = {
    transaction,
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
  const service = new OrdersService(repo as unknown as OrdersRepository, events);
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
