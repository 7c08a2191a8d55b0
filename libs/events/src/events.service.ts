import { Injectable } from '@nestjs/common';
import { AccessibleStore, DEFAULT_PAGE_LIMIT, keysetPage } from '@app/core';
import type { EventPageModel } from './dto/event.model';
import { decodeEventCursor, encodeEventCursor } from './event-cursor';
import { toEventModel } from './event.mapper';
import { EventErrors } from './events.errors';
import { EventsRepository } from './events.repository';

/** The store's events for its members (the route's access rule let the caller in); no SQL here (EventsRepository). */
@Injectable()
export class EventsService {
  constructor(private readonly events: EventsRepository) {}

  /** Newest first. */
  async list(
    store: AccessibleStore,
    query: { type?: string; limit?: number; after?: string },
  ): Promise<EventPageModel> {
    const after = query.after === undefined ? null : decodeEventCursor(query.after);
    if (query.after !== undefined && !after) throw EventErrors.badCursor();
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    // One row more than the page: it only says whether there is a next page.
    const rows = await this.events.page(store.storeId, {
      type: query.type ?? null,
      after,
      limit: limit + 1,
    });
    return keysetPage(rows, limit, toEventModel, encodeEventCursor);
  }
}
