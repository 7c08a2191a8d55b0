export * from './auth.module';
export * from './entities';
export * from './account.service';
export * from './session.service';
export * from './guards/access.guard';
export * from './guards/caller-resolvers';
export * from './tokens/access-token.service';
export { SOCIAL_ENTITIES } from './social';
export * from './purge-rules';
