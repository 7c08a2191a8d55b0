import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { AuthModule } from '@app/auth';
import { APP_CONFIG, APP_LOGGER, AppConfig, ScopedCaller } from '@app/core';
import { IdempotencyModule, IdempotencyStore } from '@app/idempotency';
import { MediaModule } from '@app/media';
import { StoresModule } from '@app/stores';
import { StorefrontConditionalGet } from '../caching/conditional-get.hook';
import { httpCachingPlugin } from '../caching/http-caching.plugin';
import { StorefrontDomainModule } from '../storefront-domain.module';
import { formatStorefrontError } from './apollo/error.formatter';
import { errorLoggingPlugin } from './apollo/error-logging.plugin';
import { executionStatusPlugin } from './apollo/execution-status.plugin';
import { AuthenticatedRequest, STOREFRONT_GRAPHQL_PATH, StorefrontHttpAuth } from './apollo/http-auth.hook';
import { idempotencyPlugin } from './apollo/idempotency.plugin';
import { mediaTypeStatusPlugin } from './apollo/media-type-status.plugin';
import { queryLimitsPlugin } from './apollo/query-limits.plugin';
import { CartLineResolver, CartsResolver } from './carts.resolver';
import { LoadersFactory } from './loaders.factory';
import { MediaResolver } from './media.resolver';
import { OrderLineResolver, OrdersResolver } from './orders.resolver';
import { ImageResolver, ProductImagesResolver } from './product-images.resolver';
import { ProductsResolver } from './products.resolver';
import {
  CartLineVariantResolver,
  OrderLineVariantResolver,
  ProductVariantResolver,
  ProductVariantsResolver,
} from './variants.resolver';
import { StoreReader } from './store-reader.service';
import { StoreResolver } from './store.resolver';
import type { StorefrontContext } from './storefront.context';
import { StorefrontWriteLimit } from './write-limit.service';

/** The resolvers and what they need: the only module the GraphQL schema is built from. */
@Module({
  // AuthModule: the service's rate-limit counters, which the cart writes' limit counts through.
  // MediaModule: (v1.4) the apps' staged uploads.
  imports: [StorefrontDomainModule, StoresModule, AuthModule, MediaModule],
  providers: [
    StoreReader,
    LoadersFactory,
    StorefrontWriteLimit,
    StoreResolver,
    ProductsResolver,
    ProductImagesResolver,
    ImageResolver,
    MediaResolver,
    OrdersResolver,
    OrderLineResolver,
    CartsResolver,
    CartLineResolver,
    ProductVariantsResolver,
    ProductVariantResolver,
    CartLineVariantResolver,
    OrderLineVariantResolver,
  ],
  exports: [LoadersFactory],
})
export class StorefrontResolversModule {}

/**
 * Storefront GraphQL at POST (and GET, for queries) /v1/storefront/graphql — code-first, Apollo Server 5
 * on Fastify. The schema is built in memory at start (`autoSchemaFile: true`: the server never writes a
 * file); `libs/storefront/schema.gql` is its committed print, kept in sync by
 * test/storefront/limits.e2e-spec.ts.
 */
@Module({
  imports: [
    AuthModule,
    StorefrontResolversModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [StorefrontResolversModule, IdempotencyModule],
      inject: [LoadersFactory, APP_LOGGER, IdempotencyStore, APP_CONFIG],
      useFactory: (
        loaders: LoadersFactory,
        logger: Logger,
        idempotency: IdempotencyStore,
        config: AppConfig,
      ): ApolloDriverConfig => ({
        path: STOREFRONT_GRAPHQL_PATH,
        include: [StorefrontResolversModule],
        autoSchemaFile: true,
        sortSchema: true,
        buildSchemaOptions: { dateScalarMode: 'isoDate' },
        // The global guard runs for resolved fields too, so a field's @RequireScope (ScopedField) is
        // checked for it as for a query (Nest runs no guards on field resolvers otherwise).
        fieldResolverEnhancers: ['guards'],
        // The schema is public (as Shopify's Storefront API): introspection on, no playground UI,
        // and no "Did you mean …?" field suggestions in errors.
        introspection: true,
        playground: false,
        hideSchemaDetailsFromClientErrors: true,
        // One operation per request: an array of operations would multiply every limit below.
        allowBatchedHttpRequests: false,
        // Apollo's CSRF prevention refuses "simple" requests a browser could send cross-site with the
        // user's cookies. This endpoint authenticates by the Authorization header alone (no cookies), and a
        // browser cannot add that header cross-origin without a CORS preflight — so a request carrying it
        // counts as preflighted, and GET with URL-encoded variables works as the GraphQL-over-HTTP spec says.
        csrfPrevention: {
          requestHeaders: ['authorization', 'x-apollo-operation-name', 'apollo-require-preflight'],
        },
        includeStacktraceInErrorResponses: false,
        formatError: formatStorefrontError,
        plugins: [
          mediaTypeStatusPlugin(),
          queryLimitsPlugin(),
          idempotencyPlugin(idempotency),
          errorLoggingPlugin(logger),
          // The status of an operation that ran (200, or 503 when the database was lost).
          executionStatusPlugin(),
          // After the status is settled: a public GET query that succeeded is cacheable (ETag, Cache-Control).
          httpCachingPlugin(config.storefrontCacheSeconds),
          // Apollo's own cache hints (`no-store` on everything) would overwrite ours.
          ApolloServerPluginCacheControlDisabled(),
        ],
        // Replaced by executionStatusPlugin (same 200 rule, plus the 503 for a lost database).
        preserveHttpStatusForExecutionErrors: false,
        context: async (request: AuthenticatedRequest): Promise<StorefrontContext> => {
          const caller = request.caller;
          // The HTTP hook has already answered 401/403 for anything else; this only guards against a
          // wiring mistake ever letting an unauthenticated request reach a resolver.
          if (!caller || caller.kind === 'account') {
            throw new GraphQLError('A valid app or public token is required.', {
              extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
            });
          }
          return { req: request, caller: caller as ScopedCaller, loaders: loaders.create(caller) };
        },
      }),
    }),
  ],
  providers: [StorefrontHttpAuth, StorefrontConditionalGet],
  // The composition root puts their hooks on the storefront route (apps/api/src/http/route-hooks.ts).
  exports: [StorefrontHttpAuth, StorefrontConditionalGet],
})
export class StorefrontGraphqlModule {}
