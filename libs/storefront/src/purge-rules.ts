import type { PurgeRule } from '@app/database';

/**
 * A cart stops mattering CART_TTL seconds after its last change (from then on it reads as missing), so
 * the purge deletes it then, with its lines; a checked-out cart's order stays (the cart only pointed at
 * it). A day's grace keeps a purge round from racing a shopper's last write at the boundary.
 */
export const STOREFRONT_PURGE_RULES: PurgeRule[] = [
  {
    name: 'carts',
    table: 'carts',
    where: `updated_at < now() - ($1::int + 86400) * interval '1 second'`,
    params: (config) => [config.cartTtl],
  },
];
