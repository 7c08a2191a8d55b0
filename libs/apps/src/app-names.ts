import { Injectable } from '@nestjs/common';
import type { AppNames as AppNamesPort } from '@app/events';
import type { EntityManager } from 'typeorm';
import { AppTokensRepository } from './tokens/app-tokens.repository';

/**
 * For the events context (its AppNames port, wired in the composition root): an app's name — a store app's
 * or an installed app's — read in the transaction of the change the app made, so the event's actor carries
 * the name the app had then.
 */
@Injectable()
export class AppNames implements AppNamesPort {
  constructor(private readonly apps: AppTokensRepository) {}

  appName(tx: EntityManager, appId: string): Promise<string | null> {
    return this.apps.nameOf(tx, appId);
  }
}
