/** A carts row as the storefront's SQL reads it. */
export interface CartRow {
  id: string;
  status: string;
  buyer_email: string | null;
  order_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A cart line with its product as the catalogue has it now (live products only). */
export interface CartLineRow {
  product_id: string;
  variant_id: string;
  quantity: number;
  price_minor: string;
  currency_code: string;
  inventory: number;
  /** (v1.4) Written by the previous release (`cart_lines`): read as its product's default variant until adopted. */
  legacy: boolean;
}

export const CART_COLUMNS = 'c.id, c.status, c.buyer_email, c.order_id, c.created_at, c.updated_at';
