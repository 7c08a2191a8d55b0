import { Body, Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller, NoContentRoute, Public, StepUp } from '@app/core';
import type { FastifyReply } from 'fastify';
import { ClientInfo } from '../client-info.decorator';
import {
  FactorAnswerDto,
  FactorsDto,
  MfaAnswerDto,
  RecoveryCodesDto,
  TotpCodeDto,
  TotpConfirmedDto,
  TotpSetupDto,
} from '../dto/factors.dto';
import { TokenPairDto } from '../dto/auth.dto';
import type { TokenPair } from '../sessions/session.service';
import { SecondFactorsService } from './second-factors.service';

const LIMITED =
  '`rate_limited` (with Retry-After): 10 wrong second-factor answers for this account in 15 minutes (sign-in and step-up together); a right answer too is refused until the window frees up.';

/** Second factors (/v1/auth/factors), the second step of sign-in and step-up (contract §19). */
@ApiTags('auth')
@Controller('v1/auth')
export class FactorsController {
  constructor(private readonly factors: SecondFactorsService) {}

  @AccountRoute()
  @Get('factors')
  @ApiOperation({ summary: "The account's second factors and how many unused recovery codes it has." })
  @ApiOkResponse({ type: FactorsDto })
  list(@CurrentCaller() caller: AccountCaller) {
    return this.factors.list(caller.accountId);
  }

  @AccountRoute()
  @StepUp()
  @Post('factors/totp')
  @ApiOperation({
    summary:
      'Start setting up an authenticator app: a new secret and its otpauth URL, pending until confirmed (a new POST replaces a pending one). Needs step-up when the account already has a factor.',
  })
  @ApiCreatedResponse({ type: TotpSetupDto })
  startTotp(@CurrentCaller() caller: AccountCaller) {
    return this.factors.startTotp(caller);
  }

  @AccountRoute()
  @Post('factors/totp/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Confirm the pending authenticator with one of its codes; the account's first factor comes with 10 recovery codes (shown once). Counts as verifying a factor in this session.",
  })
  @ApiOkResponse({ type: TotpConfirmedDto })
  @ApiBadRequestResponse({ description: '`invalid_mfa_code`: a wrong code, or nothing pending.' })
  confirmTotp(@CurrentCaller() caller: AccountCaller, @Body() body: TotpCodeDto) {
    return this.factors.confirmTotp(caller, body.code);
  }

  @AccountRoute()
  @StepUp()
  @Delete('factors/totp')
  @NoContentRoute('Remove the authenticator app (with the last factor, the recovery codes go too).')
  async removeTotp(@CurrentCaller() caller: AccountCaller): Promise<void> {
    await this.factors.removeTotp(caller);
  }

  @AccountRoute()
  @StepUp()
  @Post('factors/recovery-codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ten new recovery codes (shown once); the earlier ones die.' })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiConflictResponse({ description: '`conflict`: the account has no second factor.' })
  regenerateRecoveryCodes(@CurrentCaller() caller: AccountCaller) {
    return this.factors.regenerateRecoveryCodes(caller);
  }

  @Public()
  @Post('login/mfa')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The second step of sign-in: the answer (`totp` or `recoveryCode`) to an `mfaToken`; the new session counts as verified for step-up.',
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiUnauthorizedResponse({
    description:
      '`invalid_mfa_code`: a wrong, reused or stale answer. `invalid_mfa_token`: a used, expired or killed (5 wrong answers) mfaToken.',
  })
  @ApiTooManyRequestsResponse({ description: LIMITED })
  answerSignIn(
    @Body() body: MfaAnswerDto,
    @ClientInfo() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPair> {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return this.factors.answerSignIn(
      body.mfaToken,
      { totp: body.totp, recoveryCode: body.recoveryCode },
      client,
    );
  }

  @AccountRoute()
  @Post('step-up')
  @NoContentRoute(
    'Step-up (RFC 9470): verify a second factor; from the next request, on every instance, this session counts as verified for 600 s.',
  )
  @ApiBadRequestResponse({ description: '`invalid_mfa_code`: a wrong, reused or stale answer.' })
  @ApiConflictResponse({ description: '`conflict`: the account has no second factor (it is never asked).' })
  @ApiTooManyRequestsResponse({ description: LIMITED })
  async stepUp(@CurrentCaller() caller: AccountCaller, @Body() body: FactorAnswerDto): Promise<void> {
    await this.factors.stepUp(caller, { totp: body.totp, recoveryCode: body.recoveryCode });
  }
}
