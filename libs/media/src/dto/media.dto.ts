import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '@app/core';
import { IMAGE_TYPES, MEDIA_PURPOSES, type MediaPurpose } from '../media';

/** `POST /v1/user/stores/:id/media/uploads`. The type and size rules that depend on config or purpose are the service's. */
export class CreateUploadDto {
  @ApiProperty({ enum: MEDIA_PURPOSES })
  @IsIn(MEDIA_PURPOSES, { message: `purpose must be one of ${MEDIA_PURPOSES.join(', ')}` })
  purpose!: MediaPurpose;

  @ApiProperty({ minLength: 1, maxLength: 255, description: 'A label only: object keys never come from it.' })
  @IsString({ message: 'filename must be a string' })
  @Length(1, 255, { message: 'filename must be 1 to 255 characters' })
  filename!: string;

  @ApiProperty({
    enum: Object.keys(IMAGE_TYPES),
    description: '`image/x-icon` for a favicon only; never SVG.',
  })
  @IsString({ message: 'contentType must be a string' })
  contentType!: string;

  @ApiProperty({
    minimum: 1,
    description: 'Bytes, 1 … MEDIA_MAX_BYTES: the form accepts exactly this length.',
  })
  @IsInt({ message: 'size must be a whole number of bytes' })
  @Min(1, { message: 'size must be at least 1' })
  size!: number;
}

@ApiSchema({ name: 'StagedUploadDto' })
export class StagedUploadDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Where to POST the multipart/form-data form.' }) url!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Every entry as a form field, in this order, before the file part named `file`.',
  })
  fields!: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

export class MediaDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ enum: MEDIA_PURPOSES }) purpose!: MediaPurpose;
  @ApiProperty({ enum: Object.keys(IMAGE_TYPES) }) contentType!: string;
  @ApiProperty({ description: 'As displayed (orientation applied).' }) width!: number;
  @ApiProperty() height!: number;
  @ApiProperty() bytes!: number;
  @ApiProperty() filename!: string;
  @ApiProperty({ description: 'The original, as uploaded.' }) url!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: '`small`, `medium`, `large` (WebP) — or for a favicon `32`, `180` (PNG squares): URLs.',
  })
  renditions!: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class MediaPageDto {
  @ApiProperty({ type: [MediaDto] }) items!: MediaDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor!: string | null;
}

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;

export class ListMediaQueryDto {
  @ApiPropertyOptional({ enum: MEDIA_PURPOSES })
  @IsOptional()
  @IsIn(MEDIA_PURPOSES, { message: `purpose must be one of ${MEDIA_PURPOSES.join(', ')}` })
  purpose?: MediaPurpose;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'first must be an integer' })
  @Min(1, { message: `first must be between 1 and ${MAX_PAGE_LIMIT}` })
  @Max(MAX_PAGE_LIMIT, { message: `first must be between 1 and ${MAX_PAGE_LIMIT}` })
  first?: number;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page (opaque).' })
  @IsOptional()
  @IsString({ message: 'after must be a cursor' })
  after?: string;
}
