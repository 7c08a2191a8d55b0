import { ArgsType, Field, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { CursorKey, CursorKind, decodeCursor } from '../pagination/cursor';
import { StorefrontErrors } from '../storefront.errors';
import { QUERY_LIMITS } from './apollo/query-limits';

export const DEFAULT_PAGE_SIZE = 20;

/**
 * The arguments of every paginated field (Relay-style, keyset): `first` (default 20; the query limits
 * refuse more than 100 before any resolver runs) and the `after` cursor of the previous page.
 */
@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @IsInt()
  first!: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  after!: string | null;
}

/** A catalogue page: ConnectionArgs plus `query`, matched against titles and handles. */
@ArgsType()
export class ProductConnectionArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  query!: string | null;
}

/**
 * ConnectionArgs as the domain takes them: `first` (null or absent → 20, checked again here in case a
 * caller skips the plugin) and the key inside `after`, which must be a cursor of this list.
 */
export function pageArgs(kind: CursorKind, args: { first?: number | null; after?: string | null }) {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > QUERY_LIMITS.maxFirst) {
    throw StorefrontErrors.badInput(`first must be between 0 and ${QUERY_LIMITS.maxFirst}.`);
  }
  let after: CursorKey | null = null;
  if (args.after !== null && args.after !== undefined) {
    after = decodeCursor(kind, args.after);
    if (!after) throw StorefrontErrors.badInput('after is not a cursor of this list.');
  }
  return { first, after };
}
