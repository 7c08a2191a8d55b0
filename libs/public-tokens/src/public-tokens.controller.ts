import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  NoContentRoute,
  StoreAccess,
} from '@app/core';
import {
  CreatePublicTokenDto,
  PublicTokenDto,
  PublicTokenIssuedDto,
  UpdatePublicTokenDto,
} from './dto/public-token.dto';
import { PublicTokensService } from './public-tokens.service';

@ApiTags('public tokens')
@StoreAccess('integrations')
@Controller('v1/user/stores/:id/public-tokens')
export class PublicTokensController {
  constructor(private readonly tokens: PublicTokensService) {}

  @Post()
  @ApiOperation({
    summary: 'Create a read-only public token for a store; the token is in this response only.',
  })
  @ApiCreatedResponse({ type: PublicTokenIssuedDto })
  @ApiNotFoundResponse({ description: '`store_not_found`' })
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreatePublicTokenDto,
  ) {
    return this.tokens.create(caller, store, body);
  }

  @Get()
  @ApiOperation({ summary: "The store's public tokens, oldest first, without the token (with `tokenHint`)." })
  @ApiOkResponse({ type: [PublicTokenDto] })
  @ApiNotFoundResponse({ description: '`store_not_found`' })
  list(@CurrentStore() store: AccessibleStore) {
    return this.tokens.list(store);
  }

  @Put(':tokenId')
  @ApiOperation({
    summary:
      'Change its name, scopes or allowed origins (a partial update: absent fields keep their value; `allowedOrigins: []` clears them). The token value stays.',
  })
  @ApiOkResponse({ type: PublicTokenDto })
  @ApiBadRequestResponse({
    description: '`validation_failed` (e.g. more than 10 origins, or one that is not an origin)',
  })
  @ApiNotFoundResponse({ description: '`store_not_found` or `public_token_not_found`' })
  update(
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
    @Body() body: UpdatePublicTokenDto,
  ) {
    return this.tokens.update(store, tokenId, body);
  }

  @Post(':tokenId/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new token value (shown once); the old one is dead at once.' })
  @ApiOkResponse({ type: PublicTokenIssuedDto })
  @ApiNotFoundResponse({ description: '`store_not_found` or `public_token_not_found`' })
  rotate(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
  ) {
    return this.tokens.rotate(caller, store, tokenId);
  }

  @Delete(':tokenId')
  @NoContentRoute('Delete the token; it is dead at once.')
  @ApiNotFoundResponse({ description: '`store_not_found` or `public_token_not_found`' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
  ): Promise<void> {
    await this.tokens.remove(caller, store, tokenId);
  }
}
