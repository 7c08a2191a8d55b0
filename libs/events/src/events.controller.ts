import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller } from '@app/core';
import { EventPageModel } from './dto/event.model';
import { ListEventsQueryDto } from './dto/list-events.query';
import { EventsService } from './events.service';

@ApiTags('events')
@AccountRoute()
@Controller('v1/user/stores/:id/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @ApiOperation({
    summary:
      "The store's events (every committed change to its resources), newest first, kept EVENT_RETENTION_DAYS.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: "One of the caller's stores." })
  @ApiOkResponse({ type: EventPageModel })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: an unknown `type`, a `limit` outside 1–100, or an `after` this list did not issue.',
  })
  @ApiNotFoundResponse({ description: '`store_not_found`: no such store, or not the caller’s (never 403).' })
  list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: ListEventsQueryDto,
  ): Promise<EventPageModel> {
    return this.events.list(caller, storeId, query);
  }
}
