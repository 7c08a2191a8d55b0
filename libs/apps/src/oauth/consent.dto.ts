import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { APP_SCOPES } from '@app/core';

/** `GET /v1/user/oauth/consent`: the parameters of the authorization request the page shows. */
export class ConsentQueryDto {
  @ApiProperty({ example: 'sfi_5f0c…' })
  @IsString()
  @MaxLength(64)
  client_id!: string;

  @ApiProperty({ example: 'https://app.example.com/oauth/callback' })
  @IsString()
  @MaxLength(2048)
  redirect_uri!: string;

  @ApiPropertyOptional({ description: 'Space-separated; absent: every scope the app registered.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  scope?: string;
}

export class ConsentAppDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) homepageUrl!: string | null;
}

export class ScopeSentenceDto {
  @ApiProperty({ enum: APP_SCOPES }) scope!: string;
  @ApiProperty({ example: 'See the products in the catalogue, with prices and stock.' }) description!: string;
}

export class ConsentStoreDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The app is installed in this store already.' }) installed!: boolean;
  @ApiProperty({ enum: APP_SCOPES, isArray: true, description: '[] where the app is not installed.' })
  grantedScopes!: string[];
}

export class ConsentViewDto {
  @ApiProperty({ type: ConsentAppDto }) app!: ConsentAppDto;
  @ApiProperty({ type: [ScopeSentenceDto] }) scopes!: ScopeSentenceDto[];
  @ApiProperty({
    type: [ConsentStoreDto],
    description: 'The stores where the caller may install apps (owner, admin, developer).',
  })
  stores!: ConsentStoreDto[];
}

/** `POST /v1/user/oauth/consent`: the choice made on the consent page. */
export class ConsentDecisionDto {
  @ApiProperty() @IsString() @MaxLength(64) clientId!: string;
  @ApiProperty() @IsString() @MaxLength(2048) redirectUri!: string;
  @ApiProperty({
    description:
      'Space-separated: exactly the scopes the consent page showed (the `scopes` of the GET), each registered by the app now. The installation is granted this list.',
    example: 'store:read products:read',
  })
  @IsString()
  @MaxLength(200)
  scope!: string;
  @ApiProperty() @IsString() @MaxLength(1024) state!: string;
  @ApiProperty() @IsString() @MaxLength(128) codeChallenge!: string;
  @ApiProperty({ enum: ['S256'] }) @IsString() @MaxLength(16) codeChallengeMethod!: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Required to allow; a Cancel may leave it out.' })
  @ValidateIf((o: ConsentDecisionDto) => o.decision === 'allow' || o.storeId !== undefined)
  @IsUUID('all', { message: 'storeId must be a UUID' })
  storeId?: string;
  @ApiProperty({ enum: ['allow', 'deny'] })
  @IsIn(['allow', 'deny'])
  decision!: 'allow' | 'deny';
}

export class ConsentRedirectDto {
  @ApiProperty({
    description:
      'Where the browser goes next: redirect_uri?code=…&state=…&iss=…&store_id=… (allow) or ?error=access_denied&state=…&iss=… (deny).',
  })
  redirectTo!: string;
}
