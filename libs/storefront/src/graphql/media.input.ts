import { Field, InputType, Int } from '@nestjs/graphql';
import { IsInt, IsString, Length, Min } from 'class-validator';

/** `stagedUploadCreate`'s input: always a product image (an app uploads nothing else). */
@InputType('StagedUploadInput')
export class StagedUploadInput {
  @Field({ description: '1–255 characters, a label only.' })
  @IsString()
  @Length(1, 255)
  filename!: string;

  @Field({ description: 'image/png, image/jpeg, image/webp, image/gif or image/avif.' })
  @IsString()
  contentType!: string;

  @Field(() => Int, { description: 'Bytes, 1 … MEDIA_MAX_BYTES: the form accepts exactly this length.' })
  @IsInt()
  @Min(1)
  size!: number;
}
