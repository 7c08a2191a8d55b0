import type { Product } from '../products/product';
import type { ProductDto } from '../products/product.dto';
import { toProductDto } from '../products/product.mapper';
import { toVariantDto } from '../variants/variant.mapper';
import type { ProductVariant } from '../variants/variant';
import type { VariantsService } from '../variants/variants.service';

/**
 * (v1.4) The REST door's product objects: the product's JSON with its `images`, `options` and `variants`,
 * read for a whole page of products in three queries.
 */
export async function withVariants(
  variants: VariantsService,
  storeId: string,
  products: Product[],
): Promise<ProductDto[]> {
  const ids = products.map((p) => p.id);
  const [options, all, images] = ids.length
    ? await Promise.all([
        variants.optionsOf(storeId, ids),
        variants.allOf(storeId, ids),
        variants.imagesOf(storeId, ids),
      ])
    : [new Map(), new Map(), new Map()];
  return products.map((product) => {
    const shown = images.get(product.id) ?? [];
    return {
      ...toProductDto(product, shown),
      options: options.get(product.id) ?? [],
      variants: (all.get(product.id) ?? []).map((variant: ProductVariant) => toVariantDto(variant, shown)),
    };
  });
}
