import { Module } from '@nestjs/common';
import { MediaModule } from '@app/media';
import { StoresModule } from '@app/stores';
import { CartsRepository } from './carts/carts.repository';
import { CartsService } from './carts/carts.service';
import { OrderHoldExpiry } from './orders/order-hold-expiry';
import { OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';
import { CatalogueImagesService } from './products/catalogue-images.service';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';
import { VariantsRepository } from './variants/variants.repository';
import { VariantsService } from './variants/variants.service';

/**
 * The products, orders and carts domain: one service per resource, each over its repository (the SQL).
 * Both doors — the GraphQL resolvers (graphql/) and the REST controllers (rest/) — import this module and
 * call these services; neither holds a rule of its own. A cart's checkout ends in OrdersService's placing
 * of an order, in the cart's transaction.
 */
@Module({
  // MediaModule: (v1.4) product images are media of the store (its ProductImagesService).
  imports: [StoresModule, MediaModule],
  providers: [
    ProductsRepository,
    OrdersRepository,
    CartsRepository,
    ProductsService,
    OrdersService,
    CartsService,
    OrderHoldExpiry,
    CatalogueImagesService,
    VariantsRepository,
    VariantsService,
  ],
  exports: [
    ProductsService,
    CatalogueImagesService,
    OrdersService,
    CartsService,
    OrderHoldExpiry,
    VariantsService,
  ],
})
export class StorefrontDomainModule {}
