import { ApiProperty } from '@nestjs/swagger';
import type { Money } from './money';

/** Money in a REST body (and an event's `data`): the OpenAPI description of `Money`. */
export class MoneyDto implements Money {
  @ApiProperty({ example: '499.00', description: "A decimal string with the currency's digits." })
  amount!: string;
  @ApiProperty({ example: 'INR', description: 'ISO 4217.' })
  currencyCode!: string;
}
