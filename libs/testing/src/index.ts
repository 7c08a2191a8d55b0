export * from './mail-catcher';
export * from './tcp-proxy';
export * from './test-database';
export * from './pkce';
export * from './pgbouncer';
