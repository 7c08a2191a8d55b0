import { Body, Controller, Delete, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore, StoreAccess } from '@app/core';
import { CreateRoute, ListRoute, NoContentRoute, NotFoundResponse, OkRoute } from '@app/core';
import {
  CreatePublicTokenDto,
  PublicTokenDto,
  PublicTokenIssuedDto,
  UpdatePublicTokenDto,
} from './dto/public-token.dto';
import { PublicTokensService } from './public-tokens.service';

const STORE_404 = '`store_not_found`';
/** A route on one token of the store: a 404 when either is not there for the caller. */
const OneToken = () => NotFoundResponse('`store_not_found` or `public_token_not_found`');

@ApiTags('public tokens')
@StoreAccess('integrations')
@Controller('v1/user/stores/:id/public-tokens')
export class PublicTokensController {
  constructor(private readonly tokens: PublicTokensService) {}

  @CreateRoute(
    'Create a read-only public token for a store; the token is in this response only.',
    PublicTokenIssuedDto,
  )
  @NotFoundResponse(STORE_404)
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreatePublicTokenDto,
  ) {
    return this.tokens.create(caller, store, body);
  }

  @ListRoute("The store's public tokens, oldest first, without the token (with `tokenHint`).", PublicTokenDto)
  @NotFoundResponse(STORE_404)
  list(@CurrentStore() store: AccessibleStore) {
    return this.tokens.list(store);
  }

  @OneToken()
  @OkRoute(
    'PUT',
    ':tokenId',
    'Change its name, scopes or allowed origins (a partial update: absent fields keep their value; `allowedOrigins: []` clears them). The token value stays.',
    PublicTokenDto,
  )
  @ApiBadRequestResponse({
    description: '`validation_failed` (e.g. more than 10 origins, or one that is not an origin)',
  })
  update(
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
    @Body() body: UpdatePublicTokenDto,
  ) {
    return this.tokens.update(store, tokenId, body);
  }

  @OneToken()
  @OkRoute(
    'POST',
    ':tokenId/rotate',
    'A new token value (shown once); the old one is dead at once.',
    PublicTokenIssuedDto,
  )
  rotate(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
  ) {
    return this.tokens.rotate(caller, store, tokenId);
  }

  @OneToken()
  @Delete(':tokenId')
  @NoContentRoute('Delete the token; it is dead at once.')
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('tokenId') tokenId: string,
  ): Promise<void> {
    await this.tokens.remove(caller, store, tokenId);
  }
}
