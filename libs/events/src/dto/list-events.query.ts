import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '@app/core';
import { EVENT_TYPES } from '../event-types';

export class ListEventsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: EVENT_TYPES, description: 'Only events of this type.' })
  @IsOptional()
  @IsIn(EVENT_TYPES, { message: `type must be one of: ${EVENT_TYPES.join(', ')}` })
  type?: string;
}
