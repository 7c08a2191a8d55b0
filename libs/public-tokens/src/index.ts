export * from './public-tokens.module';
export * from './entities/public-token.entity';
export { PUBLIC_TOKEN_PREFIX, PublicTokensService } from './public-tokens.service';
export { PublicTokenStrategy, PUBLIC_TOKEN_STRATEGY } from './public-token.strategy';
export { PublicTokenNames } from './public-token-names';
