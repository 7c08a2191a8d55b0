import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { APP_SCOPES, AppScope, CredentialName, ScopeList } from '@app/core';

export class CreateOAuthAppDto {
  @ApiProperty({
    format: 'uuid',
    description: 'A store where the caller’s role allows integrations (owner, admin, developer).',
  })
  @IsUUID('all', { message: 'storeId must be a UUID' })
  storeId!: string;

  @ApiProperty({ example: 'Inventory sync', minLength: 1, maxLength: 100 })
  @CredentialName()
  name!: string;

  @ApiPropertyOptional({
    enum: APP_SCOPES,
    isArray: true,
    description: 'Default: every scope.',
    example: ['store:read', 'products:read'],
  })
  @ScopeList(APP_SCOPES)
  scopes?: string[];
}

export class ListOAuthAppsQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'storeId must be a UUID' })
  storeId!: string;
}

export class OAuthAppDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfc_5f0c…' }) clientId!: string;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'The last 4 characters of the client secret.', example: 'x9Qa' })
  secretHint!: string;
}

export class OAuthAppCredentialsDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfc_5f0c…' }) clientId!: string;
  @ApiProperty({ example: 'sfs_…', description: 'Shown here (and at rotation) only; store it now.' })
  clientSecret!: string;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AppStoreDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}
