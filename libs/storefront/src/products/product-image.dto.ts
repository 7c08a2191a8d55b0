import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_ALT_TEXT, MAX_PRODUCT_IMAGES } from '@app/media';

/** A product's image in REST answers and events: the `medium` rendition's URL (GraphQL picks the size). */
@ApiSchema({ name: 'ProductImageDto' })
export class ProductImageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The medium rendition (640 px on the longer side, WebP).' }) url!: string;
  @ApiProperty({ type: String, nullable: true, maxLength: MAX_ALT_TEXT }) altText!: string | null;
  @ApiProperty({ description: "The original's width as displayed (orientation applied)." }) width!: number;
  @ApiProperty() height!: number;
}

/** `POST /v1/user/stores/:id/products/:productId/images`: one media of the store, purpose `product_image`. */
export class AddProductImageDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Unknown, malformed or another store’s: 404 `media_not_found`.',
  })
  @IsString({ message: 'mediaId must be a media id' })
  mediaId!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_ALT_TEXT })
  @IsOptional()
  @IsString({ message: 'altText must be a string' })
  @MaxLength(MAX_ALT_TEXT, { message: `altText must be at most ${MAX_ALT_TEXT} characters` })
  altText?: string | null;
}

/** `PUT …/images/:imageId`: any subset; `altText: null` clears it, `position` moves the image. */
export class UpdateProductImageDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_ALT_TEXT })
  @IsOptional()
  @IsString({ message: 'altText must be a string' })
  @MaxLength(MAX_ALT_TEXT, { message: `altText must be at most ${MAX_ALT_TEXT} characters` })
  altText?: string | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_PRODUCT_IMAGES - 1,
    description: 'Where the image moves (0 is the featured image); the others keep their order around it.',
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @IsInt({ message: 'position must be a whole number' })
  @Min(0, { message: 'position must be at least 0' })
  position?: number;
}
