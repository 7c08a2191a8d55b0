import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { OpaqueBearerStrategy } from '@app/auth';
import type { PublicTokenCaller } from '@app/core';
import { PublicTokensService } from './public-tokens.service';

export const PUBLIC_TOKEN_STRATEGY = 'public-token';

/**
 * `sfp_` public tokens as a passport bearer strategy: the token's keyed hash is looked up with its store
 * on every request (a deleted token or store is refused on the very next one).
 */
@Injectable()
export class PublicTokenStrategy extends PassportStrategy(OpaqueBearerStrategy, PUBLIC_TOKEN_STRATEGY) {
  constructor(private readonly tokens: PublicTokensService) {
    super();
  }

  async validate(token: string): Promise<PublicTokenCaller | false> {
    return (await this.tokens.resolve(token)) ?? false;
  }
}
