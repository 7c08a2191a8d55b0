import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountCaller, CurrentCaller, StoreNotFoundResponse, StoreOwnerRoute } from '@app/core';
import { EventPageModel } from './dto/event.model';
import { ListEventsQueryDto } from './dto/list-events.query';
import { EventsService } from './events.service';

@ApiTags('events')
@StoreOwnerRoute()
@Controller('v1/user/stores/:id/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
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
  list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: ListEventsQueryDto,
  ): Promise<EventPageModel> {
    return this.events.list(caller, storeId, query);
  }
}
