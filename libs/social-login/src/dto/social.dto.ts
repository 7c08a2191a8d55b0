import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

export class StartSocialLoginQuery {
  @ApiPropertyOptional({
    description:
      'Where to send the browser afterwards, with `?login_code=…` (or `?error=access_denied`). Its origin must be listed in AUTH_REDIRECT_ORIGINS. Without it the callback answers the token pair as JSON.',
    example: 'https://app.example.com/auth/done',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_uri?: string;

  @ApiPropertyOptional({
    description:
      'Required with redirect_uri: the RFC 7636 S256 challenge, BASE64URL(SHA-256(code_verifier)), of a verifier the page keeps; the login_code is bound to it.',
    example: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{43}$/, {
    message: 'code_challenge must be a base64url S256 challenge (43 characters)',
  })
  code_challenge?: string;

  @ApiPropertyOptional({ enum: ['S256'], description: 'Required with code_challenge; only S256.' })
  @IsOptional()
  @IsIn(['S256'], { message: 'code_challenge_method must be S256' })
  code_challenge_method?: string;
}

export class LoginExchangeDto {
  @ApiProperty({ example: 'sfl_…', description: 'The login_code from the redirect; single use, 60 s.' })
  @IsString()
  @Length(1, 512)
  login_code!: string;

  @ApiProperty({
    description:
      'The RFC 7636 verifier whose S256 challenge was sent at the start (43–128 unreserved characters).',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9._~-]{43,128}$/, {
    message: 'code_verifier must be 43–128 characters of [A-Za-z0-9._~-]',
  })
  code_verifier!: string;
}
