/**
 * How another context's per-request statement reads a store's catalogue version in the same round trip
 * (the public token's revocation read, libs/public-tokens): the storefront owns `catalogue_versions`, and
 * this is the one place its SQL is spelled. `storeIdColumn` is the reading statement's store id column.
 * The version is text (a bigint); null when the row is missing, which makes the answer uncacheable.
 */
export const catalogueVersionJoin = (storeIdColumn: string) =>
  `LEFT JOIN catalogue_versions cv ON cv.store_id = ${storeIdColumn}`;
export const CATALOGUE_VERSION_COLUMN = 'cv.version::text AS catalogue_version';
