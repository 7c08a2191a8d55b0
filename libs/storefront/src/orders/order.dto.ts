import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { listPageOf } from '@app/core';
import { MoneyDto } from '../money/money.dto';
import {
  MAX_CANCEL_REASON,
  ORDER_SOURCES,
  ORDER_STATUSES,
  OrderSource,
  OrderStatus,
  PAYMENT_STATUSES,
  PaymentStatus,
} from './order';

/**
 * An order's REST bodies (orders are placed through GraphQL; members fulfil and cancel them over REST). The
 * answer is also the `data` of `order.created`, `order.fulfilled` and `order.cancelled`. (The OpenAPI names are the ones the document has always had.)
 */

@ApiSchema({ name: 'OwnerOrderLineDto' })
export class OrderLineDto {
  @ApiProperty({ format: 'uuid', description: 'The product ordered (it may have been deleted since).' })
  productId!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: '(v1.4) The variant ordered; null for a line placed before variants.',
  })
  variantId!: string | null;
  @ApiProperty({ description: "(v1.4) As sold: the product's title, then the variant's option values." })
  title!: string;
  @ApiProperty({ type: String, nullable: true, description: "(v1.4) The variant's SKU as sold." })
  sku!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty({ type: MoneyDto }) unitPrice!: MoneyDto;
  @ApiProperty({ type: MoneyDto }) lineTotal!: MoneyDto;
}

@ApiSchema({ name: 'OwnerOrderDto' })
export class OrderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({
    enum: ORDER_SOURCES,
    description: "`app` for `orderCreate`, `checkout` for a cart's `checkoutComplete`.",
  })
  source!: OrderSource;
  @ApiProperty() customerEmail!: string;
  @ApiProperty({ type: [OrderLineDto] }) lines!: OrderLineDto[];
  @ApiProperty({ type: MoneyDto }) total!: MoneyDto;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) fulfilledAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelledAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) cancelReason!: string | null;
  @ApiProperty({
    enum: PAYMENT_STATUSES,
    description:
      '(v1.4) A checkout order starts `pending` and is cancelled (`payment_timeout`) if still unpaid after ORDER_HOLD_TTL seconds.',
  })
  paymentStatus!: PaymentStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt!: string | null;
}

/** `POST …/orders/:orderId/cancel`: an optional reason, kept on the order. */
export class CancelOrderDto {
  @ApiPropertyOptional({ maxLength: MAX_CANCEL_REASON, example: 'Customer asked to cancel.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CANCEL_REASON)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  reason?: string;
}

export const OrderPageDto = listPageOf(OrderDto, 'OwnerOrderPageDto');
export type OrderPageDto = InstanceType<typeof OrderPageDto>;
