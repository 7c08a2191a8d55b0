import { Body, Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller, NotFoundResponse, OkRoute, Public } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationService } from './authorization.service';
import { ConsentDecisionDto, ConsentQueryDto, ConsentRedirectDto, ConsentViewDto } from './consent.dto';

/**
 * The authorization endpoint (RFC 6749 §4.1). Its refusals that cannot redirect (unknown client, a
 * redirect URI that is not exactly registered) are problem+json — the HTTP wiring gives this path the
 * problem form, not the token endpoint's RFC 6749 JSON form; every other answer is a 302.
 */
@ApiTags('oauth')
@Controller('v1/auth/oauth/authorize')
export class AuthorizeController {
  constructor(private readonly authorization: AuthorizationService) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'Authorization request of an installed app (code grant, PKCE S256 required, state required): 302 to the console’s consent page, or to redirect_uri with error, state and iss.',
  })
  @ApiQuery({ name: 'response_type', enum: ['code'] })
  @ApiQuery({ name: 'client_id' })
  @ApiQuery({ name: 'redirect_uri', description: "Exactly one of the app's registered URIs." })
  @ApiQuery({ name: 'scope', required: false, description: "Space-separated; absent: all the app's scopes." })
  @ApiQuery({ name: 'state' })
  @ApiQuery({ name: 'code_challenge' })
  @ApiQuery({ name: 'code_challenge_method', enum: ['S256'] })
  @ApiFoundResponse({ description: 'To /console/authorize, or to redirect_uri?error=…&state=…&iss=….' })
  @ApiBadRequestResponse({
    description:
      '`validation_failed` (problem+json, never a redirect): unknown client_id, or a redirect_uri not registered.',
  })
  async authorize(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const location = await this.authorization.authorize((request.query ?? {}) as Record<string, unknown>);
    await reply.header('Cache-Control', 'no-store').redirect(location, 302);
  }
}

/** What the console's consent page reads and sends (account bearer: no cookie, so no CSRF surface). */
@ApiTags('oauth')
@AccountRoute()
@Controller('v1/user/oauth/consent')
export class ConsentController {
  constructor(private readonly authorization: AuthorizationService) {}

  @OkRoute(
    'GET',
    '',
    'The consent page’s content: the app, each scope in words, and the stores where you may install apps (owner, admin, developer).',
    ConsentViewDto,
  )
  @ApiBadRequestResponse({
    description: '`validation_failed`: redirect_uri or scope not acceptable for the app.',
  })
  @NotFoundResponse('`app_not_found`: no such client.')
  view(@CurrentCaller() caller: AccountCaller, @Query() query: ConsentQueryDto) {
    return this.authorization.consentView(caller, query);
  }

  @OkRoute(
    'POST',
    '',
    'Install (allow: a code for the app) or Cancel (deny: access_denied); answers where the browser goes next.',
    ConsentRedirectDto,
  )
  @ApiBadRequestResponse({ description: '`validation_failed`, naming the field.' })
  @NotFoundResponse('`app_not_found`; `store_not_found`: not a store where you may install apps.')
  decide(@CurrentCaller() caller: AccountCaller, @Body() body: ConsentDecisionDto) {
    return this.authorization.decide(caller, body);
  }
}
