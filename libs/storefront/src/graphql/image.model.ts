import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { ImageSize, ProductImage } from '@app/media';

/** GraphQL's `ImageSize`: the three renditions and the original, never a size a client invents. */
export enum ImageSizeEnum {
  SMALL = 'small',
  MEDIUM = 'medium',
  LARGE = 'large',
  ORIGINAL = 'original',
}
registerEnumType(ImageSizeEnum, {
  name: 'ImageSize',
  description:
    'SMALL 160 px, MEDIUM 640 px, LARGE 1280 px on the longer side (WebP, never enlarged); ORIGINAL as uploaded.',
  valuesMap: {
    SMALL: { description: '160 px on the longer side.' },
    MEDIUM: { description: '640 px on the longer side.' },
    LARGE: { description: '1280 px on the longer side.' },
    ORIGINAL: { description: 'The file as uploaded.' },
  },
});
const SIZES: Record<ImageSizeEnum, ImageSize> = {
  [ImageSizeEnum.SMALL]: 'small',
  [ImageSizeEnum.MEDIUM]: 'medium',
  [ImageSizeEnum.LARGE]: 'large',
  [ImageSizeEnum.ORIGINAL]: 'original',
};
export const imageSize = (size: ImageSizeEnum): ImageSize => SIZES[size];

/** GraphQL's `Image`: a product's image (the domain's ProductImage; `url` is resolved with its size). */
@ObjectType('Image')
export class ImageModel implements Pick<ProductImage, 'id' | 'altText' | 'width' | 'height'> {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  altText!: string | null;

  @Field(() => Int, { description: "The original's width as displayed (orientation applied)." })
  width!: number;

  @Field(() => Int)
  height!: number;
}
