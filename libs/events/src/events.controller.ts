import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccessibleStore, CurrentStore, StoreAccess, StoreNotFoundResponse } from '@app/core';
import { EventPageModel } from './dto/event.model';
import { ListEventsQueryDto } from './dto/list-events.query';
import { EventsService } from './events.service';

@ApiTags('events')
@Controller('v1/user/stores/:id/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @StoreAccess('read')
  @ApiOperation({
    summary:
      "The store's events (every committed change to its resources), newest first, kept EVENT_RETENTION_DAYS.",
  })
  @ApiOkResponse({ type: EventPageModel })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: an unknown `type`, a `limit` outside 1–100, or an `after` this list did not issue.',
  })
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore, @Query() query: ListEventsQueryDto): Promise<EventPageModel> {
    return this.events.list(store, query);
  }
}
