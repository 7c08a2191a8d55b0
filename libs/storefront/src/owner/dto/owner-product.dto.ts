import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import { PageQueryDto } from '@app/core';
import { HANDLE_PATTERN, MAX_INVENTORY } from '../../inputs/product.input';
import { MAX_QUERY_LENGTH } from '../../catalogue/products.service';

/**
 * The REST bodies of the owner's catalogue: the same rules as the GraphQL inputs (libs/storefront/src/inputs
 * /product.input.ts) — handle pattern, lengths, stock 0…1e9 — with OpenAPI metadata; `price` against its
 * currency is checked by the same service code as GraphQL's.
 */
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const HANDLE_MESSAGE = 'handle must be lowercase letters and digits, words joined by single hyphens';

export class MoneyDto {
  @ApiProperty({ example: '499.00', description: "A decimal string with the currency's digits." })
  amount!: string;
  @ApiProperty({ example: 'INR', description: 'ISO 4217.' })
  currencyCode!: string;
}

export class OwnerProductDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'darjeeling-tea' }) handle!: string;
  @ApiProperty({ example: 'Darjeeling tea' }) title!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: MoneyDto }) price!: MoneyDto;
  @ApiProperty({ description: 'Units in stock; never negative.' }) inventory!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class OwnerProductPageDto {
  @ApiProperty({ type: [OwnerProductDto], description: 'Newest first.' })
  data!: OwnerProductDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `after` for the next (older) page; null on the last page.',
  })
  nextCursor!: string | null;
}

export class CreateProductDto {
  @ApiProperty({ example: 'darjeeling-tea', maxLength: 100, pattern: HANDLE_PATTERN.source })
  @IsString()
  @MaxLength(100)
  @Matches(HANDLE_PATTERN, { message: HANDLE_MESSAGE })
  handle!: string;

  @ApiProperty({ example: 'Darjeeling tea', minLength: 1, maxLength: 255 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiProperty({
    example: '499.00',
    description: "A decimal string, not negative, with at most the currency's digits.",
  })
  @IsString()
  price!: string;

  @ApiProperty({ example: 'INR', description: 'ISO 4217 code, upper case.' })
  @IsString()
  currencyCode!: string;

  @ApiProperty({ minimum: 0, maximum: MAX_INVENTORY })
  @IsInt()
  @Min(0)
  @Max(MAX_INVENTORY)
  inventory!: number;
}

/** Any subset; an explicit null is refused except for `description` (null clears it). */
export class UpdateProductDto {
  @ApiPropertyOptional({ maxLength: 100, pattern: HANDLE_PATTERN.source })
  @ValidateIf((o: UpdateProductDto) => o.handle !== undefined)
  @IsString()
  @MaxLength(100)
  @Matches(HANDLE_PATTERN, { message: HANDLE_MESSAGE })
  handle?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255 })
  @ValidateIf((o: UpdateProductDto) => o.title !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ description: 'With `currencyCode` when the currency changes.' })
  @ValidateIf((o: UpdateProductDto) => o.price !== undefined)
  @IsString()
  price?: string;

  @ApiPropertyOptional({ description: 'ISO 4217; needs `price` with it.' })
  @ValidateIf((o: UpdateProductDto) => o.currencyCode !== undefined)
  @IsString()
  currencyCode?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_INVENTORY })
  @ValidateIf((o: UpdateProductDto) => o.inventory !== undefined)
  @IsInt()
  @Min(0)
  @Max(MAX_INVENTORY)
  inventory?: number;
}

export class ListProductsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_QUERY_LENGTH,
    description: 'Matches anywhere in the title or handle, case-insensitively.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH, { message: `query must be at most ${MAX_QUERY_LENGTH} characters` })
  query?: string;
}
