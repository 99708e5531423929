import { Field, Int, ObjectType } from 'type-graphql';
import { Store } from './store.entity.js';

/** One page of the public store directory. */
@ObjectType('PublicStorePage', { description: 'One page of public store search results.' })
export class PublicStorePage {
  @Field(() => [Store], { description: 'The stores on this page.' })
  items!: Store[];

  @Field(() => Int, { description: 'The page number, from 1.' })
  page!: number;

  @Field(() => Int, { description: 'The page size actually used (after clamping to the cap).' })
  pageSize!: number;

  @Field(() => Int, { description: 'How many stores match in all pages.' })
  total!: number;
}

/** A prefecture with its JIS X 0401 code. */
@ObjectType('Prefecture', { description: 'A Japanese prefecture.' })
export class PrefectureType {
  @Field(() => String, { description: 'JIS X 0401 code, two digits.' })
  code!: string;

  @Field(() => String, { description: 'Japanese name, e.g. 東京都.' })
  name!: string;

  @Field(() => String, { description: 'English name, e.g. Tokyo.' })
  nameEn!: string;
}
