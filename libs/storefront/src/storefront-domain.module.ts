import { Module } from '@nestjs/common';
import { OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/**
 * The products-and-orders domain: one service per resource, each over its repository (the SQL). Both
 * doors — the GraphQL resolvers (graphql/) and the REST controllers (rest/) — import this module and call
 * these services; neither holds a rule of its own.
 */
@Module({
  providers: [ProductsRepository, OrdersRepository, ProductsService, OrdersService],
  exports: [ProductsService, OrdersService],
})
export class StorefrontDomainModule {}
