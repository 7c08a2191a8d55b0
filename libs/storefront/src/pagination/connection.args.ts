import { ArgsType, Field, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, IsString } from 'class-validator';

/**
 * The arguments of every paginated field (Relay-style, keyset): `first` (default 20; the query limits
 * refuse more than 100 before any resolver runs) and the `after` cursor of the previous page.
 */
@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, defaultValue: 20 })
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
