import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { CartLineInput as CartLine } from '../carts/cart';

/**
 * A product and a quantity — never a price. The ranges (1–999 to add, 0–999 to set, at most 100 lines)
 * are the cart service's rules, checked there for every door.
 */
@InputType('CartLineInput')
export class CartLineInput implements CartLine {
  @Field(() => ID)
  @IsString()
  productId!: string;

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
