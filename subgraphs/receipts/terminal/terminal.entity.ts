import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Directive, Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Bounds of a public terminal id (interface: 6 to 16 characters). */
export const PUBLIC_TERMINAL_ID_LENGTH = { min: 6, max: 16 } as const;

/**
 * A checkout terminal (register) of a store. Its public id appears in QR codes and URLs; its latest
 * transaction is the receipt a consumer can claim.
 */
@ObjectType('Terminal', { description: 'A checkout terminal of a store.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'terminal' })
export class Terminal extends BaseEntity {
  @Field(() => String, { description: 'Public identifier used in URLs and QR codes, 6 to 16 characters.' })
  @Property({ type: 'string', length: PUBLIC_TERMINAL_ID_LENGTH.max, unique: true })
  publicTerminalId!: string;

  /** The store; a foreign key to the stores subgraph's store table (enforced by the database). */
  @Index()
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => Boolean, { description: 'Whether one transaction may be claimed more than once. Default false.' })
  @Property({ type: 'boolean', default: false })
  allowMultipleClaims: boolean & Opt = false;
}
