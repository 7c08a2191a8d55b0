export * from './storefront.entities';
export { StorefrontModule } from './storefront.module';
export { STOREFRONT_GRAPHQL_PATH, StorefrontHttpAuth } from './graphql/apollo/http-auth.hook';
export { STOREFRONT_PURGE_RULES } from './purge-rules';
