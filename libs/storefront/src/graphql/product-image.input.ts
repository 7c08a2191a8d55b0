import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_ALT_TEXT } from '@app/media';

/** One image of `productImagesAdd` (the service checks every rule again: a list's items are not validated here). */
@InputType('ProductImageInput')
export class ProductImageInput {
  @Field(() => ID, { description: 'A media of this store with purpose product_image.' })
  @IsString()
  mediaId!: string;

  @Field(() => String, { nullable: true, description: `At most ${MAX_ALT_TEXT} characters.` })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_ALT_TEXT)
  altText?: string | null;
}
