import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { EVENT_TYPES } from '../event-types';

export const DEFAULT_EVENTS_LIMIT = 20;
export const MAX_EVENTS_LIMIT = 100;

/** A query-string integer stays a string unless it is all digits, so "1.5" or "ten" fail @IsInt. */
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;

export class ListEventsQueryDto {
  @ApiPropertyOptional({ enum: EVENT_TYPES, description: 'Only events of this type.' })
  @IsOptional()
  @IsIn(EVENT_TYPES, { message: `type must be one of: ${EVENT_TYPES.join(', ')}` })
  type?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_EVENTS_LIMIT, default: DEFAULT_EVENTS_LIMIT })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: `limit must be between 1 and ${MAX_EVENTS_LIMIT}` })
  @Max(MAX_EVENTS_LIMIT, { message: `limit must be between 1 and ${MAX_EVENTS_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page (opaque).' })
  @IsOptional()
  @IsString({ message: 'after must be a cursor' })
  after?: string;
}
