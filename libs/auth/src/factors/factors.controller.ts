import { Body, Controller, Delete, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountCaller, CurrentCaller } from '@app/core';
import { AccountRoute, Public, StepUp } from '@app/core';
import { CreateRoute, NoContentRoute, NotFoundResponse, OkRoute } from '@app/core';
import type { FastifyReply } from 'fastify';
import { ClientInfo } from '../client-info.decorator';
import {
  AddPasskeyDto,
  CREATION_OPTIONS_SCHEMA,
  FactorAnswerDto,
  FactorsDto,
  MfaAnswerDto,
  MfaTokenDto,
  PasskeyAddedDto,
  PasskeySignInDto,
  REQUEST_OPTIONS_SCHEMA,
  RecoveryCodesDto,
  TotpCodeDto,
  TotpConfirmedDto,
  TotpSetupDto,
} from '../dto/factors.dto';
import { TokenPairDto } from '../dto/auth.dto';
import type { TokenPair } from '../sessions/session.service';
import { PasskeysService } from './passkeys.service';
import { SecondFactorsService } from './second-factors.service';

const LIMITED =
  '`rate_limited` (with Retry-After): 10 wrong second-factor answers for this account in 15 minutes (sign-in, step-up and passkey sign-in together); a right answer too is refused until the window frees up.';
const PASSKEY_REFUSED =
  'an unknown or removed credential, a wrong or spent challenge, another origin or rp id, no user verification, or a signature counter that went backwards';

/** Token and WebAuthn answers must never be cached (RFC 6749 §5.1; a challenge is single use). */
function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

/** Second factors (/v1/auth/factors), the second step of sign-in and step-up (contract §19). */
@ApiTags('auth')
@Controller('v1/auth')
export class FactorsController {
  constructor(
    private readonly factors: SecondFactorsService,
    private readonly passkeys: PasskeysService,
  ) {}

  @AccountRoute()
  @OkRoute(
    'GET',
    'factors',
    "The account's second factors and how many unused recovery codes it has.",
    FactorsDto,
  )
  list(@CurrentCaller() caller: AccountCaller) {
    return this.factors.list(caller.accountId);
  }

  @AccountRoute()
  @StepUp()
  @CreateRoute(
    'Start setting up an authenticator app: a new secret and its otpauth URL, pending until confirmed (a new POST replaces a pending one). Needs step-up when the account already has a factor.',
    TotpSetupDto,
    'factors/totp',
  )
  startTotp(@CurrentCaller() caller: AccountCaller) {
    return this.factors.startTotp(caller);
  }

  @AccountRoute()
  @OkRoute(
    'POST',
    'factors/totp/confirm',
    "Confirm the pending authenticator with one of its codes; the account's first factor comes with 10 recovery codes (shown once). Counts as verifying a factor in this session.",
    TotpConfirmedDto,
  )
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
  @OkRoute(
    'POST',
    'factors/passkeys/options',
    'WebAuthn creation options for a new passkey (resident key, user verification required); the challenge is single use, lives 300 s and belongs to this session. Needs step-up when the account already has a factor.',
    { schema: CREATION_OPTIONS_SCHEMA },
  )
  passkeyCreationOptions(
    @CurrentCaller() caller: AccountCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    noStore(reply);
    return this.passkeys.creationOptions(caller);
  }

  @AccountRoute()
  @CreateRoute(
    "Register a passkey with the browser's answer to the creation options; the account's first factor comes with 10 recovery codes (shown once). Counts as verifying a factor in this session.",
    PasskeyAddedDto,
    'factors/passkeys',
  )
  @ApiBadRequestResponse({
    description:
      '`invalid_mfa_code`: the answer does not verify (a wrong or spent challenge, another origin or rp id, no user verification).',
  })
  @ApiConflictResponse({ description: '`conflict`: this credential is already registered.' })
  addPasskey(@CurrentCaller() caller: AccountCaller, @Body() body: AddPasskeyDto) {
    return this.passkeys.add(caller, body.name, body.response);
  }

  @AccountRoute()
  @StepUp()
  @Delete('factors/passkeys/:id')
  @NoContentRoute('Remove a passkey (with the last factor, the recovery codes go too).')
  @NotFoundResponse('`not_found`: no such passkey of this account.')
  async removePasskey(@CurrentCaller() caller: AccountCaller, @Param('id') id: string): Promise<void> {
    await this.passkeys.remove(caller, id);
  }

  @AccountRoute()
  @StepUp()
  @OkRoute(
    'POST',
    'factors/recovery-codes',
    'Ten new recovery codes (shown once); the earlier ones die.',
    RecoveryCodesDto,
  )
  @ApiConflictResponse({ description: '`conflict`: the account has no second factor.' })
  regenerateRecoveryCodes(@CurrentCaller() caller: AccountCaller) {
    return this.factors.regenerateRecoveryCodes(caller);
  }

  @Public()
  @OkRoute(
    'POST',
    'login/mfa',
    'The second step of sign-in: the answer (`totp`, `recoveryCode` or `passkey`) to an `mfaToken`; the new session counts as verified for step-up.',
    TokenPairDto,
  )
  @ApiUnauthorizedResponse({
    description: `\`invalid_mfa_code\`: a wrong, reused or stale answer (a passkey: ${PASSKEY_REFUSED}). \`invalid_mfa_token\`: a used, expired or killed (5 wrong answers) mfaToken.`,
  })
  @ApiTooManyRequestsResponse({ description: LIMITED })
  answerSignIn(
    @Body() body: MfaAnswerDto,
    @ClientInfo() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPair> {
    noStore(reply);
    return this.factors.answerSignIn(body.mfaToken, answerOf(body), client);
  }

  @Public()
  @OkRoute(
    'POST',
    'login/mfa/passkey-options',
    "WebAuthn request options to answer an mfaToken with one of the account's passkeys.",
    { schema: REQUEST_OPTIONS_SCHEMA },
  )
  @ApiUnauthorizedResponse({ description: '`invalid_mfa_token`: a used, expired or killed mfaToken.' })
  @NotFoundResponse('`not_found`: the account has no passkey.')
  signInPasskeyOptions(@Body() body: MfaTokenDto, @Res({ passthrough: true }) reply: FastifyReply) {
    noStore(reply);
    return this.factors.signInPasskeyOptions(body.mfaToken);
  }

  @Public()
  @OkRoute(
    'POST',
    'passkeys/login/options',
    'WebAuthn request options for passkey sign-in without an e-mail code: no account named, any passkey of this site.',
    { schema: REQUEST_OPTIONS_SCHEMA },
  )
  passkeySignInOptions(@Res({ passthrough: true }) reply: FastifyReply) {
    noStore(reply);
    return this.factors.passkeySignInOptions();
  }

  @Public()
  @OkRoute(
    'POST',
    'passkeys/login',
    'Sign in with a passkey (user verification makes it both factors): a token pair; the session counts as verified for step-up.',
    TokenPairDto,
  )
  @ApiUnauthorizedResponse({ description: `\`invalid_mfa_code\`: ${PASSKEY_REFUSED}.` })
  @ApiTooManyRequestsResponse({ description: LIMITED })
  signInWithPasskey(
    @Body() body: PasskeySignInDto,
    @ClientInfo() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPair> {
    noStore(reply);
    return this.factors.signInWithPasskey(body.response, client);
  }

  @AccountRoute()
  @OkRoute(
    'POST',
    'step-up/passkey-options',
    "WebAuthn request options for step-up with one of the account's passkeys.",
    { schema: REQUEST_OPTIONS_SCHEMA },
  )
  @NotFoundResponse('`not_found`: the account has no passkey.')
  stepUpPasskeyOptions(
    @CurrentCaller() caller: AccountCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    noStore(reply);
    return this.factors.stepUpPasskeyOptions(caller);
  }

  @AccountRoute()
  @Post('step-up')
  @NoContentRoute(
    'Step-up (RFC 9470): verify a second factor; from the next request, on every instance, this session counts as verified for 600 s.',
  )
  @ApiBadRequestResponse({
    description: `\`invalid_mfa_code\`: a wrong, reused or stale answer (a passkey: ${PASSKEY_REFUSED}).`,
  })
  @ApiConflictResponse({ description: '`conflict`: the account has no second factor (it is never asked).' })
  @ApiTooManyRequestsResponse({ description: LIMITED })
  async stepUp(@CurrentCaller() caller: AccountCaller, @Body() body: FactorAnswerDto): Promise<void> {
    await this.factors.stepUp(caller, answerOf(body));
  }
}

/** The answer members of a body (the DTO may carry others, e.g. the mfaToken). */
const answerOf = (body: FactorAnswerDto) => ({
  totp: body.totp,
  recoveryCode: body.recoveryCode,
  passkey: body.passkey,
});
