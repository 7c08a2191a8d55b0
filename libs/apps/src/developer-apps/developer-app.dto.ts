import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { APP_SCOPES, AppScope, CredentialName, stacked, trimmed } from '@app/core';
import { APP_WEBHOOK_EVENTS } from '../app-scopes';
import { MAX_REDIRECT_URIS, MAX_URL_LENGTH } from './redirect-uris';

/** The shape checks of the registration fields, the same in a create and an update (URLs are checked by the service). */
const Rule = {
  redirectUris: () =>
    stacked(
      IsArray(),
      ArrayMinSize(1, { message: 'redirectUris must not be empty' }),
      ArrayMaxSize(MAX_REDIRECT_URIS, { message: `redirectUris holds at most ${MAX_REDIRECT_URIS} URIs` }),
      ArrayUnique(),
      IsString({ each: true }),
      MaxLength(MAX_URL_LENGTH, { each: true }),
    ),
  scopes: () =>
    stacked(
      IsArray(),
      ArrayMinSize(1, { message: 'scopes must not be empty' }),
      ArrayMaxSize(APP_SCOPES.length),
      ArrayUnique(),
      IsIn(APP_SCOPES, { each: true, message: `each scope must be one of: ${APP_SCOPES.join(', ')}` }),
    ),
  url: () => stacked(IsOptional(), trimmed(), IsString(), MaxLength(MAX_URL_LENGTH)),
  events: () =>
    stacked(
      IsOptional(),
      IsArray(),
      ArrayMaxSize(APP_WEBHOOK_EVENTS.length),
      ArrayUnique(),
      IsString({ each: true }),
    ),
};

const redirectUrisDoc = {
  type: String,
  isArray: true,
  minItems: 1,
  maxItems: MAX_REDIRECT_URIS,
  example: ['https://app.example.com/oauth/callback'],
  description:
    'Exact URIs (string-equal at authorization): `https://` without a fragment, or `http://` on localhost, 127.0.0.1 or [::1] (any port).',
};
const eventsDoc = {
  enum: APP_WEBHOOK_EVENTS,
  isArray: true,
  description:
    'Store events to receive; each needs a read scope the app asks for (product.* products:read, order.* orders:read, store.*, member.* and app.installed store:read). app.uninstalled is always delivered.',
};

export class CreateDeveloperAppDto {
  @ApiProperty({ example: 'Stock sync', minLength: 1, maxLength: 100 })
  @CredentialName()
  name!: string;

  @ApiProperty(redirectUrisDoc)
  @Rule.redirectUris()
  redirectUris!: string[];

  @ApiProperty({ enum: APP_SCOPES, isArray: true, example: ['store:read', 'products:read'] })
  @Rule.scopes()
  scopes!: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_URL_LENGTH })
  @Rule.url()
  homepageUrl?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_URL_LENGTH,
    description: 'Where the app receives webhooks (§11 URL rules).',
  })
  @Rule.url()
  webhookUrl?: string | null;

  @ApiPropertyOptional(eventsDoc)
  @Rule.events()
  webhookEvents?: string[];
}

/** Any of the registration fields (a field sent as null clears an optional one). */
export class UpdateDeveloperAppDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @ValidateIf((o: UpdateDeveloperAppDto) => o.name !== undefined)
  @CredentialName()
  name?: string;

  @ApiPropertyOptional(redirectUrisDoc)
  @ValidateIf((o: UpdateDeveloperAppDto) => o.redirectUris !== undefined)
  @Rule.redirectUris()
  redirectUris?: string[];

  @ApiPropertyOptional({ enum: APP_SCOPES, isArray: true })
  @ValidateIf((o: UpdateDeveloperAppDto) => o.scopes !== undefined)
  @Rule.scopes()
  scopes?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_URL_LENGTH })
  @Rule.url()
  homepageUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_URL_LENGTH })
  @Rule.url()
  webhookUrl?: string | null;

  @ApiPropertyOptional(eventsDoc)
  @Rule.events()
  webhookEvents?: string[];
}

export class DeveloperAppDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfi_5f0c…' }) clientId!: string;
  @ApiProperty({ type: [String] }) redirectUris!: string[];
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ type: String, nullable: true }) homepageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) webhookUrl!: string | null;
  @ApiProperty({ enum: APP_WEBHOOK_EVENTS, isArray: true }) webhookEvents!: string[];
  @ApiProperty({ description: 'The last 4 characters of the client secret.' }) secretHint!: string;
  @ApiProperty({ description: 'The last 4 characters of the webhook secret.' }) webhookSecretHint!: string;
  @ApiProperty({ description: 'Stores that have the app installed.' }) installCount!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** At registration: both secrets, shown here only. */
export class DeveloperAppCredentialsDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfi_5f0c…' }) clientId!: string;
  @ApiProperty({ example: 'sfs_…', description: 'Shown here (and at rotation) only.' }) clientSecret!: string;
  @ApiProperty({ type: [String] }) redirectUris!: string[];
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ type: String, nullable: true }) homepageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) webhookUrl!: string | null;
  @ApiProperty({ enum: APP_WEBHOOK_EVENTS, isArray: true }) webhookEvents!: string[];
  @ApiProperty({ example: 'whsec_…', description: 'Shown here (and at rotation) only.' })
  webhookSecret!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** After `rotate-secret`: the app with its new client secret (shown here only). */
export class RotatedClientSecretDto extends DeveloperAppDto {
  @ApiProperty({ example: 'sfs_…' }) clientSecret!: string;
}

/** After `rotate-webhook-secret`: the app with its new webhook secret (shown here only). */
export class RotatedWebhookSecretDto extends DeveloperAppDto {
  @ApiProperty({ example: 'whsec_…' }) webhookSecret!: string;
}

/** One store that installed the developer's app. */
export class AppInstallationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes!: AppScope[];
  @ApiProperty({ format: 'date-time' }) installedAt!: string;
}
