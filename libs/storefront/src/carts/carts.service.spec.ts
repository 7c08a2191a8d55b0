import { toCart } from './cart.mapper';
import { sameAmount } from './carts.service';

describe('sameAmount (checkout’s expectedTotal)', () => {
  it('compares decimal amounts, not strings or floats', () => {
    expect(sameAmount('300', '300.00')).toBe(true);
    expect(sameAmount('0300.0', '300.00')).toBe(true);
    expect(sameAmount('0', '0.00')).toBe(true);
    expect(sameAmount('0.10', '0.1')).toBe(true);
    expect(sameAmount('300.01', '300.00')).toBe(false);
    expect(sameAmount('30', '300')).toBe(false);
    expect(sameAmount('3000', '300.0')).toBe(false);
    // 0.1 + 0.2 is not 0.3 in binary floats; here it is digits
    expect(sameAmount('0.30', '0.3')).toBe(true);
  });
});

describe('toCart', () => {
  const row = {
    id: 'c',
    status: 'open',
    buyer_email: null,
    order_id: null,
    created_at: new Date('2026-11-26T10:00:00Z'),
    updated_at: new Date('2026-11-26T11:00:00Z'),
  };
  const line = (product: string, quantity: number, price: string, currency: string, inventory: number) => ({
    product_id: product,
    variant_id: `v-${product}`,
    quantity,
    price_minor: price,
    currency_code: currency,
    inventory,
    legacy: false,
  });

  it('prices lines now, says which are available, and sums the subtotal in the cart’s currency', () => {
    const cart = toCart(
      row,
      [line('a', 2, '1050', 'USD', 5), line('b', 3, '100', 'USD', 2), line('c', 1, '900', 'EUR', 9)],
      864_000,
    );
    expect(cart.lines.map((l) => [l.productId, l.lineTotal.amount, l.available])).toEqual([
      ['a', '21.00', true],
      ['b', '3.00', false],
      ['c', '9.00', false],
    ]);
    expect(cart.subtotal).toEqual({ amount: '24.00', currencyCode: 'USD' });
    expect(cart.totalQuantity).toBe(6);
    expect(cart.expiresAt.toISOString()).toBe('2026-12-06T11:00:00.000Z');
  });

  it('shows an empty cart with no currency', () => {
    expect(toCart(row, [], 10).subtotal).toEqual({ amount: '0.00', currencyCode: 'XXX' });
  });
});
