/**
 * (v1.4) A cart or order line as a client names it: a variant, or a product with only its default
 * variant (`variantId` alone, `productId` alone, or both agreeing).
 */
export interface LineTarget {
  productId?: string | null;
  variantId?: string | null;
  quantity: number;
}

/** A line once its variant is known. */
export interface VariantLine {
  variantId: string;
  productId: string;
  quantity: number;
}

/** Lines naming the same variant are merged (quantities added), in the order each variant first appears. */
export function mergeVariantLines(lines: readonly VariantLine[]): VariantLine[] {
  const merged = new Map<string, VariantLine>();
  for (const line of lines) {
    const had = merged.get(line.variantId);
    merged.set(line.variantId, had ? { ...had, quantity: had.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

/** An order line's title as sold: the product's, then the variant's option values unless it is the default. */
export function soldTitle(productTitle: string, selected: readonly { value: string }[]): string {
  return [productTitle, ...selected.map((s) => s.value)].join(' / ');
}
