import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';

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
}

export class LoginExchangeDto {
  @ApiProperty({ example: 'sfl_…', description: 'The login_code from the redirect; single use, 60 s.' })
  @IsString()
  @Length(1, 512)
  login_code!: string;
}
