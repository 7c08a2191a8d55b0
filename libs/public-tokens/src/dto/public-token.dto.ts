import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Length,
} from 'class-validator';
import { PUBLIC_TOKEN_SCOPES } from '@app/core';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreatePublicTokenDto {
  @ApiProperty({ example: 'Web storefront', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @Length(1, 100, { message: 'name must be 1–100 characters' })
  name!: string;

  @ApiPropertyOptional({ enum: PUBLIC_TOKEN_SCOPES, isArray: true, description: 'Default: both.' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(PUBLIC_TOKEN_SCOPES.length)
  @ArrayUnique()
  @IsIn(PUBLIC_TOKEN_SCOPES, {
    each: true,
    message: `each scope must be one of: ${PUBLIC_TOKEN_SCOPES.join(', ')}`,
  })
  scopes?: string[];
}

export class PublicTokenDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'The last 4 characters of the token.' }) tokenHint!: string;
}

export class PublicTokenIssuedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfp_…', description: 'Shown here (and at rotation) only.' }) token!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
