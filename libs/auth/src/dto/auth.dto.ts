import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { stacked } from '@app/core';

/** E-mail is trimmed and lower-cased before anything else. */
const normaliseEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** An account's e-mail address in a body: trimmed and lower-cased, then checked (sign-in, invitations). */
export const AccountEmail = () =>
  stacked(
    Transform(normaliseEmail),
    IsString(),
    MaxLength(254),
    IsEmail({}, { message: 'email must be a valid e-mail address' }),
  );

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @AccountEmail()
  email!: string;
}

export class VerifyLoginDto extends LoginDto {
  @ApiProperty({ example: '123456', description: 'The 6-digit code from the e-mail.' })
  @IsString()
  @Length(1, 32)
  otp!: string;
}

export class RefreshDto {
  @ApiProperty({ example: 'sfr_…' })
  @IsString()
  @Length(1, 512)
  refresh_token!: string;
}

export class LoginAcceptedDto {
  @ApiProperty({ example: true }) sent!: boolean;
  @ApiProperty({ example: 300 }) expiresIn!: number;
  @ApiProperty({ example: 60 }) resendAfter!: number;
}

export class TokenPairDto {
  @ApiProperty() access_token!: string;
  @ApiProperty() refresh_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: string;
  @ApiProperty({ example: 900 }) expires_in!: number;
  @ApiProperty({ format: 'uuid' }) session_id!: string;
}

export class SessionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'otp', enum: ['otp', 'google', 'github', 'passkey'] }) method!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Kept to the minute.' }) lastUsedAt!: string;
  @ApiProperty({ nullable: true, type: String }) userAgent!: string | null;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty() current!: boolean;
}

export class MeDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [String], example: ['otp'] }) providers!: string[];
}

export class ProvidersDto {
  @ApiProperty({
    type: [String],
    enum: ['otp', 'google', 'github'],
    example: ['otp', 'google'],
    description: 'The sign-in methods this deployment has turned on; `otp` is always there.',
  })
  providers!: string[];

  @ApiProperty({
    enum: ['mail', 'log'],
    example: 'mail',
    description:
      'Where an e-mail sign-in code goes: `mail` (SMTP_URL is set), or `log` — development without SMTP_URL ' +
      "(refused in production), where the mail, code included, is written to the server's log.",
  })
  codeDelivery!: 'mail' | 'log';
}
