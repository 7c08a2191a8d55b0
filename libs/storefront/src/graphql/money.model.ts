import { Field, ObjectType } from '@nestjs/graphql';
import type { Money } from '../money/money';

@ObjectType('Money', {
  description: "An amount of money: a decimal string with exactly the currency's digits.",
})
export class MoneyModel implements Money {
  @Field({ description: 'Decimal string, e.g. "499.00" (USD), "500" (JPY), "1.500" (KWD).' })
  amount!: string;

  @Field({ description: 'ISO 4217 currency code.' })
  currencyCode!: string;
}
