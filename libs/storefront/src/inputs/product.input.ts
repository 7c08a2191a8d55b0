import { Field, InputType, Int } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_INVENTORY = 1_000_000_000;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Shape checks live here (the global validation pipe runs them on GraphQL args too, and its failures
 * become BAD_USER_INPUT); the currency-dependent checks of `price` live in the service, which knows both
 * fields together.
 */
@InputType('ProductCreateInput')
export class ProductCreateInput {
  @Field()
  @IsString()
  @MaxLength(100)
  @Matches(HANDLE_PATTERN, {
    message: 'handle must be lowercase letters and digits, words joined by single hyphens',
  })
  handle!: string;

  @Field()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @Field({ description: 'Decimal string, e.g. "499.00"; not negative, at most the currency\'s digits.' })
  @IsString()
  price!: string;

  @Field({ description: 'ISO 4217 code, upper case, e.g. "USD".' })
  @IsString()
  currencyCode!: string;

  @Field(() => Int)
  @IsInt()
  @Min(0)
  @Max(MAX_INVENTORY)
  inventory!: number;
}

/** Every field optional; an explicit null is refused except for `description` (null clears it). */
@InputType('ProductUpdateInput')
export class ProductUpdateInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: ProductUpdateInput) => o.handle !== undefined)
  @IsString()
  @MaxLength(100)
  @Matches(HANDLE_PATTERN, {
    message: 'handle must be lowercase letters and digits, words joined by single hyphens',
  })
  handle?: string;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: ProductUpdateInput) => o.title !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: ProductUpdateInput) => o.price !== undefined)
  @IsString()
  price?: string;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: ProductUpdateInput) => o.currencyCode !== undefined)
  @IsString()
  currencyCode?: string;

  @Field(() => Int, { nullable: true })
  @ValidateIf((o: ProductUpdateInput) => o.inventory !== undefined)
  @IsInt()
  @Min(0)
  @Max(MAX_INVENTORY)
  inventory?: number;
}
