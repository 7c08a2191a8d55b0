export * from './social-login.module';
export * from './entities';
export { SOCIAL_LOGIN_PURGE_RULES } from './purge-rules';
