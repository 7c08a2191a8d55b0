import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('UploadField')
export class UploadFieldModel {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

/** A signed form: post `fields` in order, then the file as the part named `file`, to `url`. */
@ObjectType('StagedUpload')
export class StagedUploadModel {
  @Field(() => ID, {
    description: 'The upload id: stagedUploadComplete(id) makes it a media of the same id.',
  })
  id!: string;

  @Field({ description: 'Where to POST the multipart/form-data form.' })
  url!: string;

  @Field(() => [UploadFieldModel], {
    description: 'Every entry as a form field, in this order, before the file.',
  })
  fields!: UploadFieldModel[];

  @Field({ description: 'The form is refused after this (10 minutes).' })
  expiresAt!: Date;
}

@ObjectType('MediaRendition')
export class MediaRenditionModel {
  @Field({ description: '`small`, `medium`, `large` for product images.' })
  name!: string;

  @Field()
  url!: string;
}

/** A checked image of the store, as its REST object shows it (renditions as a list of name and URL). */
@ObjectType('Media')
export class MediaModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'product_image (apps upload nothing else).' })
  purpose!: string;

  @Field()
  contentType!: string;

  @Field(() => Int, { description: 'As displayed (orientation applied).' })
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field(() => Int)
  bytes!: number;

  @Field({ description: 'A label only.' })
  filename!: string;

  @Field({ description: 'The original, as uploaded.' })
  url!: string;

  @Field(() => [MediaRenditionModel])
  renditions!: MediaRenditionModel[];

  @Field()
  createdAt!: Date;
}
