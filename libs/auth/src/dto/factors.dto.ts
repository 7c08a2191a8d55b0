import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';

/** One answer to a second-factor question: exactly one of `totp` and `recoveryCode`. */
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
