export * from './entities';
export { StorefrontModule } from './storefront.module';
export { STOREFRONT_GRAPHQL_PATH, StorefrontHttpAuth } from './graphql/http-auth.hook';
