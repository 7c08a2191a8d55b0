export * from './mail-catcher';
export * from './tcp-proxy';
export * from './postgres-cut-proxy';
export * from './private-postgres';
export * from './test-database';
export * from './pkce';
export * from './pgbouncer';
export * from './raw-socket';
export * from './server-build';
export * from './server-process';
export * from './storefront-client';
export * from './webhook-receiver';
export * from './dns-server';
export * from './store-fixtures';
export * from './sql-recorder';
// Imported by their own paths, not from here, so that importing '@app/testing' stays light:
// '@app/testing/test-app' loads the whole application (AppModule through apps/api's bootstrap), and
// '@app/testing/console-build' and '@app/testing/console-browser' build the console and load
// playwright-core and axe-core.
export * from './member-fixtures';
export * from './installed-app-fixtures';
export * from './raw-http';
export * from './media-fixtures';
export * from './s3-server';
export * from './totp';
export * from './passkey-authenticator';
export * from './previous-release';
