/** The package version, sent in `User-Agent` / `X-Client-Info`. A test checks it equals package.json's. */
export const SDK_VERSION = '0.2.0';
