import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  AccountCaller,
  AccountRoute,
  APP_CONFIG,
  AppConfig,
  CurrentCaller,
  NoContentRoute,
  Public,
  WithAccountProfile,
} from '@app/core';
import type { FastifyReply } from 'fastify';
import { AccountService } from './account.service';
import {
  LoginAcceptedDto,
  LoginDto,
  MeDto,
  ProvidersDto,
  RefreshDto,
  SessionDto,
  TokenPairDto,
  VerifyLoginDto,
} from './dto/auth.dto';
import { MfaRequiredDto } from './dto/factors.dto';
import { MfaRequired, SecondFactorsService } from './factors/second-factors.service';
import { OtpService } from './otp.service';
import { ClientInfo } from './client-info.decorator';
import { SessionService, TokenPair } from './sessions/session.service';

/** Token responses must never be cached (RFC 6749 §5.1). */
function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

@ApiTags('auth')
@ApiExtraModels(TokenPairDto, MfaRequiredDto)
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly otp: OtpService,
    private readonly factors: SecondFactorsService,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('providers')
  @ApiOperation({
    summary: 'The sign-in methods this deployment has turned on (for sign-in pages and SDKs).',
  })
  @ApiOkResponse({ type: ProvidersDto })
  providers(): ProvidersDto {
    const providers = ['otp'];
    if (this.config.google) providers.push('google');
    if (this.config.github) providers.push('github');
    // Without SMTP_URL (refused in production) the mail, code included, is written to the server's log:
    // a sign-in page says so, or a newcomer waits for a mail that never comes.
    return { providers, codeDelivery: this.config.smtpUrl ? 'mail' : 'log' };
  }

  @Public()
  @Post('login')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a sign-in code to an e-mail address (same answer whether or not an account exists).',
  })
  @ApiAcceptedResponse({ type: LoginAcceptedDto })
  @ApiServiceUnavailableResponse({
    description:
      'mail_unavailable (problem+json, with Retry-After): the SMTP server refused the mail or did not take ' +
      'it within 10 s. No code is left pending, so asking again at once is allowed.',
  })
  login(@Body() body: LoginDto) {
    return this.otp.request(body.email);
  }

  @Public()
  @Post('login/verify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange the e-mailed code for a token pair; creates the account on first sign-in.',
  })
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(TokenPairDto) }, { $ref: getSchemaPath(MfaRequiredDto) }] },
    description:
      'A token pair; or, for an account with a second factor, `{ mfaRequired: true, mfaToken, methods }` (answer it at POST /v1/auth/login/mfa).',
  })
  async verify(
    @Body() body: VerifyLoginDto,
    @ClientInfo() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPair | MfaRequired> {
    await this.otp.verify(body.email, body.otp);
    const accountId = await this.accounts.findOrCreateByVerifiedEmail(body.email, 'otp', body.email);
    noStore(reply);
    return this.factors.finishSignIn(accountId, 'otp', client);
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotate a refresh token: a new pair, the old refresh token dead; reuse kills the session.',
  })
  @ApiOkResponse({ type: TokenPairDto })
  refresh(@Body() body: RefreshDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<TokenPair> {
    noStore(reply);
    return this.sessions.refresh(body.refresh_token);
  }

  @AccountRoute()
  @Post('logout')
  @NoContentRoute('End this session: its access and refresh tokens are dead at once.')
  async logout(@CurrentCaller() caller: AccountCaller): Promise<void> {
    await this.sessions.revoke(caller.accountId, caller.sessionId, 'logout');
  }

  @AccountRoute()
  @Post('logout-all')
  @NoContentRoute('End every session of the account, this one included.')
  async logoutAll(@CurrentCaller() caller: AccountCaller): Promise<void> {
    await this.sessions.revokeAll(caller.accountId);
  }

  @AccountRoute()
  @Get('sessions')
  @ApiOperation({ summary: 'The live sessions of the account.' })
  @ApiOkResponse({ type: [SessionDto] })
  listSessions(@CurrentCaller() caller: AccountCaller) {
    return this.sessions.list(caller.accountId, caller.sessionId);
  }

  @AccountRoute()
  @Delete('sessions/:sessionId')
  @NoContentRoute("Revoke one of the account's sessions; another account's id is 404.")
  async revokeSession(
    @CurrentCaller() caller: AccountCaller,
    @Param('sessionId') sessionId: string,
  ): Promise<void> {
    await this.sessions.revoke(caller.accountId, sessionId, 'revoked');
  }

  @AccountRoute()
  @WithAccountProfile()
  @Get('me')
  @ApiOperation({ summary: 'The signed-in account.' })
  @ApiOkResponse({ type: MeDto })
  me(@CurrentCaller() caller: AccountCaller) {
    // The guard read the account with the session check (one round trip).
    return caller.profile ?? this.accounts.me(caller.accountId);
  }
}
