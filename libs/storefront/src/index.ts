export * from './entities';
export { StorefrontModule } from './storefront.module';
export { STOREFRONT_GRAPHQL_PATH } from './graphql/http-auth';
