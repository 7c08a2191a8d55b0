import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CredentialName } from '@app/core';
import { IsObject, IsOptional, IsString, Length } from 'class-validator';

/** A WebAuthn JSON object (options or a response) as the OpenAPI document shows it. */
const webAuthnJson = (description: string) => ({
  type: 'object' as const,
  additionalProperties: true,
  description,
});

/** One answer to a second-factor question: exactly one of `totp`, `recoveryCode` and `passkey`. */
export class FactorAnswerDto {
  @ApiPropertyOptional({ example: '123456', description: 'A code of the authenticator app.' })
  @IsOptional()
  @IsString()
  @Length(1, 16)
  totp?: string;

  @ApiPropertyOptional({
    example: 'ABCD-EFGH-JKMN',
    description: 'An unused recovery code (hyphens and case do not matter).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  recoveryCode?: string;

  @ApiPropertyOptional(
    webAuthnJson(
      'A passkey assertion (`AuthenticationResponseJSON`) to the options of the matching passkey-options route.',
    ),
  )
  @IsOptional()
  @IsObject()
  passkey?: object;
}

export class MfaAnswerDto extends FactorAnswerDto {
  @ApiProperty({ description: 'From the `mfaRequired` answer of sign-in.' })
  @IsString()
  @Length(1, 128)
  mfaToken!: string;
}

export class TotpCodeDto {
  @ApiProperty({ example: '123456' })
  @IsString()
  @Length(1, 16)
  code!: string;
}

export class MfaRequiredDto {
  @ApiProperty({ example: true }) mfaRequired!: boolean;
  @ApiProperty({ description: 'Opaque, single use, lives 300 s, dies after 5 wrong answers.' })
  mfaToken!: string;
  @ApiProperty({ type: [String], enum: ['totp', 'passkey', 'recovery_code'] }) methods!: string[];
}

export class TotpSetupDto {
  @ApiProperty({ description: 'Base32; pending until confirmed.' }) secret!: string;
  @ApiProperty({ example: 'otpauth://totp/Storefront:ada%40example.com?secret=…&issuer=Storefront' })
  otpauthUrl!: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten single-use codes, shown this once.' })
  recoveryCodes!: string[];
}

export class TotpConfirmedDto {
  @ApiProperty({
    type: [String],
    nullable: true,
    description: "Ten recovery codes when this is the account's first factor (shown this once), else null.",
  })
  recoveryCodes!: string[] | null;
}

class TotpFactorDto {
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class PasskeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastUsedAt!: string | null;
}

export class FactorsDto {
  @ApiProperty({ type: TotpFactorDto, nullable: true }) totp!: TotpFactorDto | null;
  @ApiProperty({ type: [PasskeyDto] }) passkeys!: PasskeyDto[];
  @ApiProperty() recoveryCodesLeft!: number;
}

export class MfaTokenDto {
  @ApiProperty({ description: 'From the `mfaRequired` answer of sign-in.' })
  @IsString()
  @Length(1, 128)
  mfaToken!: string;
}

export class AddPasskeyDto {
  @ApiProperty({
    example: 'Laptop',
    description: 'A name to tell your passkeys apart (trimmed, 1–100 characters).',
  })
  @CredentialName()
  name!: string;

  @ApiProperty(
    webAuthnJson(
      "The browser's `RegistrationResponseJSON` to the options of POST /v1/auth/factors/passkeys/options.",
    ),
  )
  @IsObject()
  response!: object;
}

export class PasskeySignInDto {
  @ApiProperty(
    webAuthnJson(
      "The browser's `AuthenticationResponseJSON` to the options of POST /v1/auth/passkeys/login/options.",
    ),
  )
  @IsObject()
  response!: object;
}

export class PasskeyAddedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: "Ten recovery codes when this is the account's first factor (shown this once), else null.",
  })
  recoveryCodes!: string[] | null;
}

/** The OpenAPI schemas of the WebAuthn options the passkey routes answer (the browser's JSON forms). */
export const CREATION_OPTIONS_SCHEMA = webAuthnJson(
  'WebAuthn creation options (`PublicKeyCredentialCreationOptionsJSON`): pass them to navigator.credentials.create (after decoding, or with PublicKeyCredential.parseCreationOptionsFromJSON).',
);
export const REQUEST_OPTIONS_SCHEMA = webAuthnJson(
  'WebAuthn request options (`PublicKeyCredentialRequestOptionsJSON`): pass them to navigator.credentials.get. Their challenge is single use and lives 300 s.',
);
