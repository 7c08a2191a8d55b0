export * from './storefront.entities';
export { StorefrontModule } from './storefront.module';
export { StorefrontDomainModule } from './storefront-domain.module';
export { CatalogueImagesService } from './products/catalogue-images.service';
export { STOREFRONT_GRAPHQL_PATH, StorefrontHttpAuth } from './graphql/apollo/http-auth.hook';
export { StorefrontConditionalGet } from './caching/conditional-get.hook';
export { CATALOGUE_VERSION_COLUMN, catalogueVersionJoin } from './caching/catalogue-version.sql';
export { STOREFRONT_PURGE_RULES } from './purge-rules';
export { OrderHoldExpiry } from './orders/order-hold-expiry';
