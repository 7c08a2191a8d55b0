import { ApiProperty } from '@nestjs/swagger';
import { listPageOf } from '@app/core';
import { EVENT_TYPES } from '../event-types';

export type ActorType = 'account' | 'app' | 'public_token' | 'system';

/** Who made the change: an account (the store's owner), an app (by its token), or the platform itself. */
export class EventActorModel {
  @ApiProperty({ enum: ['account', 'app', 'public_token', 'system'] })
  type!: ActorType;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The account, app or public token id; null for the system.',
  })
  id!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "An app's name as it was when the event happened; null for accounts (the store's owner: see docs/events.md) and the system.",
  })
  name!: string | null;
}

/** An event as the API shows it, and the body of each webhook delivery of it. */
export class EventModel {
  @ApiProperty({ format: 'uuid', description: 'Unique; webhook receivers deduplicate on it.' })
  id!: string;

  @ApiProperty({ enum: EVENT_TYPES })
  type!: string;

  @ApiProperty({ format: 'uuid' })
  storeId!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: EventActorModel })
  actor!: EventActorModel;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The resource as this API shows it, without secrets (`{ id }` for a deletion); see docs/events.md.',
  })
  data!: Record<string, unknown>;
}

export const EventPageModel = listPageOf(EventModel, 'EventPageModel');
export type EventPageModel = InstanceType<typeof EventPageModel>;
