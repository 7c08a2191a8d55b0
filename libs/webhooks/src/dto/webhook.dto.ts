import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { ReadableName, stacked, trimmed } from '@app/core';
import { EVENT_TYPES } from '@app/events';

/** What an endpoint may subscribe to: each event type, or "*" for all of them. */
export const SUBSCRIBABLE = [...EVENT_TYPES, '*'] as const;
export const MAX_URL_LENGTH = 2048;

const eventsProperty = {
  enum: SUBSCRIBABLE,
  isArray: true,
  description: 'Event types to receive, or ["*"] for every type.',
  example: ['product.created', 'order.created'],
} as const;

/** The shape checks of an endpoint's fields, the same in a create and an update. */
const EndpointRule = {
  // Only the shape: the scheme, credentials and address are checked by the service (webhook-url.ts).
  url: () =>
    stacked(
      trimmed(),
      IsString(),
      MaxLength(MAX_URL_LENGTH, { message: `url must be at most ${MAX_URL_LENGTH} characters` }),
    ),
  events: () =>
    stacked(
      IsArray(),
      ArrayMinSize(1, { message: 'events must not be empty' }),
      ArrayMaxSize(SUBSCRIBABLE.length),
      ArrayUnique(),
      IsIn(SUBSCRIBABLE, { each: true, message: `each event must be one of: ${SUBSCRIBABLE.join(', ')}` }),
    ),
  description: () =>
    stacked(
      ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 }),
      IsOptional(),
      IsString(),
      MaxLength(500),
      // The endpoint's name in lists, the console and the activity: read by people (§1).
      ReadableName(),
    ),
};

export class CreateWebhookDto {
  @ApiProperty({
    maxLength: MAX_URL_LENGTH,
    example: 'https://example.com/hooks/storefront',
    description: '`https://`, no credentials (http:// and local addresses only with WEBHOOK_ALLOW_LOCAL).',
  })
  @EndpointRule.url()
  url!: string;

  @ApiProperty(eventsProperty)
  @EndpointRule.events()
  events!: string[];

  @EndpointRule.description()
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: MAX_URL_LENGTH })
  @IsOptional()
  @EndpointRule.url()
  url?: string;

  @ApiPropertyOptional(eventsProperty)
  @IsOptional()
  @EndpointRule.events()
  events?: string[];

  @EndpointRule.description()
  description?: string | null;

  @ApiPropertyOptional({ description: 'true clears `disabledReason` and the failure count.' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** What every answer about an endpoint shows first. */
abstract class WebhookFields {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ enum: SUBSCRIBABLE, isArray: true }) events!: string[];
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() enabled!: boolean;
}

export class WebhookModel extends WebhookFields {
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['gone', 'failing', 'manual'],
    description:
      '`gone`: it answered 410; `failing`: WEBHOOK_DISABLE_AFTER failed deliveries in a row; `manual`: its owner.',
  })
  disabledReason!: 'gone' | 'failing' | 'manual' | null;
  @ApiProperty({ description: 'The last 4 characters of the signing secret.' }) secretHint!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class WebhookCreatedModel extends WebhookFields {
  @ApiProperty({ type: String, nullable: true, enum: ['gone', 'failing', 'manual'] })
  disabledReason!: 'gone' | 'failing' | 'manual' | null;
  @ApiProperty({
    example: 'whsec_…',
    description:
      '`whsec_` + base64 of 32 random bytes: the signing secret, in this answer (and at rotation) only.',
  })
  secret!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class DeliveryAttemptModel {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The HTTP status the endpoint answered.' })
  statusCode!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['timeout', 'connection_error', 'blocked_address'],
    description:
      'Why there was no answer; null when the endpoint answered. A name that does not resolve is `blocked_address`.',
  })
  error!: string | null;
  @ApiProperty() durationMs!: number;
}

export class DeliveryModel {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header of every attempt.' })
  eventId!: string;
  @ApiProperty({ enum: EVENT_TYPES }) eventType!: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status!: 'pending' | 'succeeded' | 'failed';
  @ApiProperty({ type: [DeliveryAttemptModel], description: 'Every attempt, oldest first.' })
  attempts!: DeliveryAttemptModel[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt!: string | null;
}

export class DeliveryPageModel {
  @ApiProperty({ type: [DeliveryModel], description: 'Newest first.' }) data!: DeliveryModel[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class DeliveryQueuedModel {
  @ApiProperty({ format: 'uuid' }) deliveryId!: string;
}
