import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { listPageOf } from '@app/core';
import { MoneyDto } from '../money/money.dto';

/**
 * An order's REST bodies (read-only: orders are placed through GraphQL). The answer is also the `data` of
 * `order.created`. (The OpenAPI names are the ones the document has always had.)
 */

@ApiSchema({ name: 'OwnerOrderLineDto' })
export class OrderLineDto {
  @ApiProperty({ format: 'uuid', description: 'The product ordered (it may have been deleted since).' })
  productId!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ type: MoneyDto }) unitPrice!: MoneyDto;
  @ApiProperty({ type: MoneyDto }) lineTotal!: MoneyDto;
}

@ApiSchema({ name: 'OwnerOrderDto' })
export class OrderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'placed' }) status!: string;
  @ApiProperty() customerEmail!: string;
  @ApiProperty({ type: [OrderLineDto] }) lines!: OrderLineDto[];
  @ApiProperty({ type: MoneyDto }) total!: MoneyDto;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export const OrderPageDto = listPageOf(OrderDto, 'OwnerOrderPageDto');
export type OrderPageDto = InstanceType<typeof OrderPageDto>;
