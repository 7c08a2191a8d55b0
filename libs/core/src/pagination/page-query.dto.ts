import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/** A query-string integer stays a string unless it is all digits, so "1.5" or "ten" fail @IsInt. */
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;

/**
 * `?limit=&after=` of every keyset-paged REST list (a store's products, orders and events, an endpoint's
 * deliveries); a list with filters extends it.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: `limit must be between 1 and ${MAX_PAGE_LIMIT}` })
  @Max(MAX_PAGE_LIMIT, { message: `limit must be between 1 and ${MAX_PAGE_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page (opaque).' })
  @IsOptional()
  @IsString({ message: 'after must be a cursor' })
  after?: string;
}

/**
 * The answer of a keyset-paged REST list, `{ data, nextCursor }` (what keysetPage builds), as a class the
 * OpenAPI document describes under `name`:
 *   export const ProductPageDto = listPageOf(ProductDto, 'OwnerProductPageDto');
 *   export type ProductPageDto = InstanceType<typeof ProductPageDto>;
 */
export function listPageOf<T>(item: Type<T>, name: string) {
  @ApiSchema({ name })
  class ListPage {
    @ApiProperty({ type: [item], description: 'Newest first.' })
    data!: T[];

    @ApiProperty({
      type: String,
      nullable: true,
      description: 'Pass as `after` for the next (older) page; null on the last page.',
    })
    nextCursor!: string | null;
  }
  return ListPage;
}
