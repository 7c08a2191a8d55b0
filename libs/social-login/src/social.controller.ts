import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ClientInfo, clientInfoOf, MfaRequired, TokenPair, TokenPairDto } from '@app/auth';
import { Public } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginExchangeDto, StartSocialLoginQuery } from './dto/social.dto';
import { SocialLoginService } from './social-login.service';
import type { SocialProvider } from './social.errors';

const callbackQueries = [
  ApiQuery({ name: 'code', required: false, description: "The provider's authorization code." }),
  ApiQuery({ name: 'state', required: true, description: 'The state issued at the start route.' }),
  ApiQuery({ name: 'error', required: false, description: 'The provider refused, e.g. access_denied.' }),
];

function CallbackDocs(provider: string): MethodDecorator {
  const decorators = [
    ApiOperation({
      summary: `The ${provider} redirect back: a token pair, or a redirect to the start's redirect_uri with a login_code.`,
    }),
    ...callbackQueries,
    ApiOkResponse({
      type: TokenPairDto,
      description:
        'Without a redirect_uri at the start: a token pair, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor (POST /v1/auth/login/mfa).',
    }),
    ApiFoundResponse({ description: 'To redirect_uri?login_code=… (or ?error=access_denied).' }),
    ApiBadRequestResponse({ description: '`invalid_state`: missing, forged, expired, replayed or foreign.' }),
    ApiUnauthorizedResponse({ description: '`access_denied` or `provider_error`.' }),
    ApiForbiddenResponse({ description: '`email_not_verified`.' }),
    ApiNotFoundResponse({ description: '`provider_not_configured`.' }),
  ];
  return (target, key, descriptor) => {
    for (const decorate of decorators) decorate(target, key, descriptor);
  };
}

function StartDocs(provider: string): MethodDecorator {
  const decorators = [
    ApiOperation({
      summary: `Start signing in with ${provider}: a redirect to ${provider} with a single-use state.`,
    }),
    ApiFoundResponse({ description: `To ${provider}'s authorization page.` }),
    ApiBadRequestResponse({
      description:
        '`invalid_redirect_uri`, or `validation_failed` (e.g. redirect_uri without an S256 code_challenge).',
    }),
    ApiNotFoundResponse({ description: '`provider_not_configured`.' }),
  ];
  return (target, key, descriptor) => {
    for (const decorate of decorators) decorate(target, key, descriptor);
  };
}

/** Google and GitHub sign-in. Routes are public: the provider round trip is the proof. */
@ApiTags('auth')
@Controller('v1/auth')
export class SocialController {
  constructor(private readonly social: SocialLoginService) {}

  @Public()
  @Get('google')
  @StartDocs('Google')
  startGoogle(
    @Query() query: StartSocialLoginQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.start('google', query, request, reply);
  }

  @Public()
  @Get('github')
  @StartDocs('GitHub')
  startGithub(
    @Query() query: StartSocialLoginQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.start('github', query, request, reply);
  }

  @Public()
  @Get('google/callback')
  @CallbackDocs('Google')
  googleCallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.callback('google', request, reply);
  }

  @Public()
  @Get('github/callback')
  @CallbackDocs('GitHub')
  githubCallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.callback('github', request, reply);
  }

  @Public()
  @Post('login/exchange')
  @HttpCode(200)
  @ApiOperation({ summary: 'Trade a login_code from a social sign-in redirect for a token pair.' })
  @ApiOkResponse({
    type: TokenPairDto,
    description:
      'A token pair, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor (POST /v1/auth/login/mfa).',
  })
  @ApiUnauthorizedResponse({ description: '`invalid_token`: the code is unknown, expired or used.' })
  @ApiBadRequestResponse({
    description: '`invalid_code_verifier` (the code is spent) or `validation_failed` (no verifier).',
  })
  exchange(
    @Body() body: LoginExchangeDto,
    @ClientInfo() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPair | MfaRequired> {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return this.social.exchange(body.login_code, body.code_verifier, client);
  }

  private async start(
    provider: SocialProvider,
    query: StartSocialLoginQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const { location, binding } = await this.social.start(
      provider,
      {
        redirectUri: query.redirect_uri,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
      },
      request,
    );
    await reply
      .header('Set-Cookie', this.social.bindingCookie(binding))
      .header('Cache-Control', 'no-store')
      .redirect(location, 302);
  }

  private async callback(
    provider: SocialProvider,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const result = await this.social.callback(provider, request, clientInfoOf(request));
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    if (result.kind === 'redirect') {
      await reply.redirect(result.location, 302);
      return;
    }
    await reply.status(200).send(result.pair);
  }
}
