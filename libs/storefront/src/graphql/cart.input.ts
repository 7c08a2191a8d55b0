import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { CartLineInput as CartLine } from '../carts/cart';

/**
 * A variant (or, v1.3-style, a product with only its default variant) and a quantity — never a price. The
 * ranges (1–999 to add, 0–999 to set, at most 100 lines) are the cart service's rules, checked there for
 * every door.
 */
@InputType('CartLineInput')
export class CartLineInput implements CartLine {
  @Field(() => ID, { nullable: true, description: '(v1.4) Alone only for a product without options.' })
  @IsOptional()
  @IsString()
  productId?: string | null;

  @Field(() => ID, { nullable: true, description: '(v1.4) The variant; with productId, they must agree.' })
  @IsOptional()
  @IsString()
  variantId?: string | null;

  @Field(() => Int)
  @IsInt()
  quantity!: number;
}

@InputType('CartInput')
export class CartInput {
  @Field(() => [CartLineInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CartLineInput)
  lines?: CartLineInput[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  buyerEmail?: string | null;
}
