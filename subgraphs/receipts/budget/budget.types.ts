import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Where an effective budget comes from. */
// Members named as they read on the wire: GraphQL serializes an enum by its member names.
export enum BudgetSource {
  this_month = 'this_month',
  earlier_month = 'earlier_month',
  none = 'none',
}

registerEnumType(BudgetSource, {
  name: 'BudgetSource',
  description: 'Where the effective budget of a month comes from.',
  valuesConfig: {
    this_month: { description: 'A budget was set for this month.' },
    earlier_month: { description: 'None was set for this month; the latest earlier month’s carries over.' },
    none: { description: 'No budget was set for this month or any earlier one.' },
  },
});

@ObjectType('BudgetMonth', { description: 'A calendar month.' })
export class BudgetMonth {
  @Field(() => Int, { description: 'Year, 2000 to 2100.' })
  year!: number;

  @Field(() => Int, { description: 'Month, 1 to 12.' })
  month!: number;
}

@ObjectType('Budget', {
  description:
    'The effective budget of a month: the one set for it, else the latest earlier month’s, else none (`source` says which).',
})
export class EffectiveBudget {
  @Field(() => Int, { description: 'The month asked for: year.' })
  year!: number;

  @Field(() => Int, { description: 'The month asked for: month (1 to 12).' })
  month!: number;

  @Field(() => Int, { nullable: true, description: 'The budget in minor units of `currency` (yen); null when none.' })
  amount!: number | null;

  @Field(() => String, { description: 'ISO 4217 currency of `amount`: JPY.' })
  currency!: string;

  @Field(() => BudgetSource, { description: 'Where `amount` comes from.' })
  source!: BudgetSource;

  @Field(() => BudgetMonth, {
    nullable: true,
    description: 'The month whose budget applies (this month or an earlier one); null when none.',
  })
  setFor!: BudgetMonth | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When that budget was last set; null when none.' })
  updatedAt!: Date | null;
}

@InputType('BudgetInput', { description: 'The budget of one month.' })
export class BudgetInput {
  @Field(() => Int, { description: 'Year, 2000 to 2100.' })
  year!: number;

  @Field(() => Int, { description: 'Month, 1 to 12.' })
  month!: number;

  @Field(() => Int, { description: 'Amount in yen, 0 to 100000000.' })
  amount!: number;
}
