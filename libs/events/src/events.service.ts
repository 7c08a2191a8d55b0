import { Inject, Injectable } from '@nestjs/common';
import { AccountCaller, DEFAULT_PAGE_LIMIT, keysetPage } from '@app/core';
import type { EventPageModel } from './dto/event.model';
import { decodeEventCursor, encodeEventCursor } from './event-cursor';
import { toEventModel } from './event.mapper';
import { EventErrors } from './events.errors';
import { STORE_OWNERSHIP, StoreOwnership } from './events.ports';
import { EventsRepository } from './events.repository';

/** The store's events for its owner; no SQL here (EventsRepository). */
@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    @Inject(STORE_OWNERSHIP) private readonly stores: StoreOwnership,
  ) {}

  /** Newest first; another account's (or a missing) store is `store_not_found`, never an empty list. */
  async list(
    caller: AccountCaller,
    storeId: string,
    query: { type?: string; limit?: number; after?: string },
  ): Promise<EventPageModel> {
    const after = query.after === undefined ? null : decodeEventCursor(query.after);
    if (query.after !== undefined && !after) throw EventErrors.badCursor();
    await this.stores.assertOwned(caller, storeId);
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    // One row more than the page: it only says whether there is a next page.
    const rows = await this.events.page(storeId, { type: query.type ?? null, after, limit: limit + 1 });
    return keysetPage(rows, limit, toEventModel, encodeEventCursor);
  }
}
