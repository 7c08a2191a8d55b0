import { cursorTimestampSql } from '../pagination/cursor';
import { MoneyModel } from '../models/money.model';
import { ProductModel } from '../models/product.model';

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

/** Rows never leave the service layer as they are: the schema's model is built here, field by field. */
export function toProductModel(row: ProductRow): ProductModel {
  const product = new ProductModel();
  product.id = row.id;
  product.storeId = row.store_id;
  product.handle = row.handle;
  product.title = row.title;
  product.description = row.description;
  product.price = MoneyModel.of(row.price_minor, row.currency_code);
  product.inventory = row.inventory;
  product.createdAt = row.created_at;
  product.updatedAt = row.updated_at;
  return product;
}
