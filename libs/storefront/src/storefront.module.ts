import { Module } from '@nestjs/common';
import { StoresModule } from '@app/stores';
import { StorefrontGraphqlModule } from './graphql/storefront-graphql.module';
import { OrdersController } from './rest/orders.controller';
import { ProductImagesController } from './rest/product-images.controller';
import { ProductsController } from './rest/products.controller';
import { ProductVariantsController } from './rest/variants.controller';
import { StorefrontDomainModule } from './storefront-domain.module';

/**
 * The storefront: the products-and-orders domain (StorefrontDomainModule) and its two doors — GraphQL for
 * apps and public tokens at /v1/storefront/graphql (StorefrontGraphqlModule), and REST for the store's
 * owner under /v1/user/stores/:id/products and /orders (the controllers here).
 */
@Module({
  imports: [StorefrontDomainModule, StoresModule, StorefrontGraphqlModule],
  controllers: [ProductsController, ProductImagesController, ProductVariantsController, OrdersController],
  // The composition root puts the GraphQL door's hook on its route (apps/api/src/http/route-hooks.ts).
  exports: [StorefrontGraphqlModule],
})
export class StorefrontModule {}
