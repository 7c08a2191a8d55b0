/**
 * How another context's per-request statement reads a store's catalogue version in the same round trip
 * (the public token's revocation read, libs/public-tokens): the storefront owns `catalogue_versions`, and
 * this is the one place its SQL is spelled. `storeIdColumn` is the reading statement's store id column.
 * The version is the sum of the store's 16 slot counters (migration CatalogueVersionSlots1795831000000:
 * every committed change adds one to one slot, so the sum never repeats), a primary-key range read of 16
 * rows; as text; null when the store has none, which makes the answer uncacheable.
 */
export const catalogueVersionJoin = (storeIdColumn: string) =>
  `LEFT JOIN LATERAL (SELECT sum(version) AS version FROM catalogue_versions WHERE store_id = ${storeIdColumn}) cv ON true`;
export const CATALOGUE_VERSION_COLUMN = 'cv.version::text AS catalogue_version';
