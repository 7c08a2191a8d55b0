import { cursorTimestampSql } from '../pagination/cursor';
import type { ProductInput } from './product';

/** A products row as the storefront's SQL reads it. */
export interface ProductRow {
  id: string;
  store_id: string;
  handle: string;
  title: string;
  description: string | null;
  price_minor: string;
  currency_code: string;
  inventory: number;
  created_at: Date;
  updated_at: Date;
  cursor_ts: string;
}

export const PRODUCT_COLUMNS = `p.id, p.store_id, p.handle, p.title, p.description, p.price_minor, p.currency_code,
  p.inventory, p.created_at, p.updated_at, ${cursorTimestampSql('p.created_at')} AS cursor_ts`;

/**
 * The fields a write stores as it is given them, each with its column: the service copies them, and the
 * repository's INSERT and UPDATE take their column names from here (values are always parameters). A new
 * stored, writable field is one line here. `price` and `currencyCode` are not among them: the service
 * turns them into `price_minor` and `currency_code` together.
 */
export const STORED_AS_GIVEN = {
  handle: 'handle',
  title: 'title',
  description: 'description',
  inventory: 'inventory',
} as const satisfies Partial<Record<keyof ProductInput, keyof ProductRow>>;

/** Every column a write may set. */
export const WRITABLE_COLUMNS = [...Object.values(STORED_AS_GIVEN), 'price_minor', 'currency_code'] as const;
export type WritableColumn = (typeof WRITABLE_COLUMNS)[number];
/** The columns a write sets (names from WRITABLE_COLUMNS only; values become parameters). */
export type ProductWrite = { [C in WritableColumn]?: ProductRow[C] };
