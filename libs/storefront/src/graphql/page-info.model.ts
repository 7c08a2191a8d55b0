import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('PageInfo', { description: 'Relay page info for forward pagination (`first`/`after`).' })
export class PageInfoModel {
  @Field()
  hasNextPage!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null when the page is empty.',
  })
  endCursor!: string | null;
}
