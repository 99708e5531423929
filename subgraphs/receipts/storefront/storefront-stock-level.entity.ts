import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** The available quantity of a shop's inventory item at one of its locations (inventory_levels/update). */
@Entity({ tableName: 'storefront_stock_level' })
@Unique({
  name: 'storefront_stock_level_item_location_unique',
  properties: ['installationId', 'inventoryItemId', 'locationId'],
})
export class StorefrontStockLevel extends BaseEntity {
  @Property({ type: 'uuid' })
  installationId!: string;

  @Property({ type: 'string', length: 64 })
  inventoryItemId!: string;

  @Property({ type: 'string', length: 64 })
  locationId!: string;

  /** null when the shop does not track the item's quantity. */
  @Property({ type: 'integer', nullable: true })
  available?: number | null;

  /** The shop's `updated_at` of the level; an older update never overwrites a newer one. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  shopUpdatedAt?: Date | null;
}
