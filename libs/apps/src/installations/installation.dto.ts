import { ApiProperty } from '@nestjs/swagger';
import { APP_SCOPES, AppScope } from '@app/core';

export class InstalledByDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null once the account is gone.' })
  email!: string | null;
}

/** An app installed in the store, as its members see it. */
export class StoreInstallationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) appId!: string;
  @ApiProperty() appName!: string;
  @ApiProperty({ type: String, nullable: true }) homepageUrl!: string | null;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ format: 'date-time' }) installedAt!: string;
  @ApiProperty({ type: InstalledByDto }) installedBy!: InstalledByDto;
}

/** `GET /v1/app/installation`: what an installed app's token acts through. */
export class InstallationSelfDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) appId!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ format: 'date-time' }) installedAt!: string;
}

/** The `data` of `app.installed` and `app.uninstalled`. */
export class InstallationEventDto {
  @ApiProperty({ format: 'uuid' }) installationId!: string;
  @ApiProperty({ format: 'uuid' }) appId!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
}
