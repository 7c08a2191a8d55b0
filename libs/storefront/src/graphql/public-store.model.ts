import { Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * The storefront's `Store`: the public face of the token's store (no owner, address, phone numbers or tax
 * id). Not the owner's REST view of a store (libs/stores StoreModel).
 */
@ObjectType('Store', { description: 'The store the token belongs to.' })
export class PublicStoreModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: '"onboarding" or "active".' })
  status!: string;

  @Field(() => String, { nullable: true })
  faviconUrl!: string | null;

  @Field(() => String, { nullable: true })
  logoBlackWhiteUrl!: string | null;

  @Field(() => String, { nullable: true })
  logoColorUrl!: string | null;

  @Field(() => String, { nullable: true })
  supportEmail!: string | null;

  @Field(() => [String])
  socialLinks!: string[];

  @Field({ description: 'ISO 4217: the currency products take when created without one.' })
  currencyCode!: string;
}
