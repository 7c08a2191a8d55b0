import { Injectable } from '@nestjs/common';
import type { PublicTokenNames as PublicTokenNamesPort } from '@app/events';
import type { EntityManager } from 'typeorm';
import { PublicTokensRepository } from './public-tokens.repository';

/**
 * For the events context (its PublicTokenNames port, wired in the composition root): a public token's
 * name, read in the transaction of the change made through it (a shopper's checkout), so the event's
 * actor carries the name the token had then.
 */
@Injectable()
export class PublicTokenNames implements PublicTokenNamesPort {
  constructor(private readonly tokens: PublicTokensRepository) {}

  publicTokenName(tx: EntityManager, tokenId: string): Promise<string | null> {
    return this.tokens.nameOf(tx, tokenId);
  }
}
