export * from './database.module';
export * from './data-source-options';
export * from './embedded-postgres';
export * from './sql';
export { MIGRATIONS } from './migrations';
export * from './maintenance/purge';
export * from './maintenance/embedded-vacuum';
export * from './migrate';
export * from './statement-timeout';
