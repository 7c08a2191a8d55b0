import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  OrderInput,
  PAYMENT_STATUSES,
  PaymentStatus,
} from '../orders/order';
import type { LineTarget } from '../variants/variant-lines';

@InputType('OrderLineInput', {
  description:
    '(v1.4) A variant (variantId), or a product with only its default variant (productId); both must agree.',
})
export class OrderLineInput implements LineTarget {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString()
  productId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString()
  variantId?: string | null;

  @Field(() => Int)
  @IsInt()
  @Min(1)
  @Max(MAX_LINE_QUANTITY)
  quantity!: number;
}

@InputType('OrderCreateInput', { description: 'Prices come from the catalogue; a client cannot set one.' })
export class OrderCreateInput implements OrderInput {
  @Field()
  @IsEmail()
  @MaxLength(254)
  customerEmail!: string;

  @Field(() => [OrderLineInput])
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ORDER_LINES)
  @ValidateNested({ each: true })
  @Type(() => OrderLineInput)
  lines!: OrderLineInput[];

  @Field(() => String, {
    nullable: true,
    description: '(v1.4) "paid" (the default: an app records what it has been paid for) or "pending".',
  })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES, { message: 'paymentStatus must be "pending" or "paid"' })
  paymentStatus?: PaymentStatus;
}
