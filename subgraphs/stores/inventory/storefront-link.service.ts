import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { managedBusiness } from '../ownership.js';
import { managerOf } from '../product/product.service.js';
import { locationNotFound } from './stock-location.service.js';
import { StorefrontItemLink, StorefrontLocationLink } from './storefront-link.entity.js';
import type {
  LinkStorefrontItemInput,
  LinkStorefrontLocationInput,
  UnlinkStorefrontItemInput,
  UnlinkStorefrontLocationInput,
} from './storefront-link.input.js';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9.-]{0,254}$/;
const SHOP_ID = /^[\x21-\x7e]{1,64}$/;
const WRITE = 'store.inventory.write';

const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');
const linkNotFound = () => new NotFoundError('No link of this business has this shop and id.', 'link_not_found');

/** The shop's domain (lower case) and its id of an item or location, validated together. */
function checkShop(shopDomain: string, id: string, field: string): { shop: string; id: string } {
  const shop = shopDomain.trim().toLowerCase();
  new Validation()
    .check(SHOP_DOMAIN.test(shop), 'shopDomain', 'must be 1 to 255 letters, digits, dots or hyphens')
    .check(SHOP_ID.test(id), field, 'must be 1 to 64 visible ASCII characters')
    .throwIfInvalid();
  return { shop, id };
}

/**
 * The links of a business's storefront inventory items to its products and of its storefront
 * locations to its stock locations (store.inventory.write, or the operator naming the business):
 * through them the shop's inventory webhook sets the ledger's levels (storefront-sync.ts). A product
 * or location of another business is not found, as is another business's link.
 */
export class StorefrontLinkService {
  constructor(private readonly ctx: BaseContext) {}

  /** Links (or re-points) an inventory item to a product of the business. */
  async linkItem(input: LinkStorefrontItemInput): Promise<StorefrontItemLink> {
    managerOf(this.ctx.principal, WRITE);
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const { shop, id } = checkShop(input.shopDomain, input.inventoryItemId, 'inventoryItemId');
    if (!(await this.owns('product', input.productId, businessAccountId))) throw productNotFound();
    const now = new Date();
    const [row] = await this.ctx.em.execute<Record<string, unknown>[]>(
      `insert into "storefront_item_link" ("id", "created_at", "updated_at", "business_account_id", "shop_domain",
         "inventory_item_id", "product_id") values (?, ?, ?, ?, ?, ?, ?)
       on conflict ("business_account_id", "shop_domain", "inventory_item_id")
       do update set "product_id" = excluded."product_id", "updated_at" = excluded."updated_at"
       returning *`,
      [uuidv7(), now, now, businessAccountId, shop, id, input.productId],
    );
    return this.ctx.em.map(StorefrontItemLink, row!);
  }

  /** Removes an item's link; NOT_FOUND link_not_found when the business has none. */
  async unlinkItem(input: UnlinkStorefrontItemInput): Promise<boolean> {
    managerOf(this.ctx.principal, WRITE);
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const { shop, id } = checkShop(input.shopDomain, input.inventoryItemId, 'inventoryItemId');
    return this.remove('storefront_item_link', 'inventory_item_id', businessAccountId, shop, id);
  }

  /** Links (or re-points) a storefront location to a stock location of the business. */
  async linkLocation(input: LinkStorefrontLocationInput): Promise<StorefrontLocationLink> {
    managerOf(this.ctx.principal, WRITE);
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const { shop, id } = checkShop(input.shopDomain, input.storefrontLocationId, 'storefrontLocationId');
    if (!(await this.owns('stock_location', input.locationId, businessAccountId))) throw locationNotFound();
    const now = new Date();
    const [row] = await this.ctx.em.execute<Record<string, unknown>[]>(
      `insert into "storefront_location_link" ("id", "created_at", "updated_at", "business_account_id", "shop_domain",
         "storefront_location_id", "location_id") values (?, ?, ?, ?, ?, ?, ?)
       on conflict ("business_account_id", "shop_domain", "storefront_location_id")
       do update set "location_id" = excluded."location_id", "updated_at" = excluded."updated_at"
       returning *`,
      [uuidv7(), now, now, businessAccountId, shop, id, input.locationId],
    );
    return this.ctx.em.map(StorefrontLocationLink, row!);
  }

  /** Removes a storefront location's link; NOT_FOUND link_not_found when the business has none. */
  async unlinkLocation(input: UnlinkStorefrontLocationInput): Promise<boolean> {
    managerOf(this.ctx.principal, WRITE);
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const { shop, id } = checkShop(input.shopDomain, input.storefrontLocationId, 'storefrontLocationId');
    return this.remove('storefront_location_link', 'storefront_location_id', businessAccountId, shop, id);
  }

  /** Whether the business has the row `id` of `table` (a product or a stock location). */
  private async owns(table: 'product' | 'stock_location', id: string, businessAccountId: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await this.ctx.em.execute<{ id: string }[]>(
      `select "id" from "${table}" where "id" = ? and "business_account_id" = ?`,
      [id, businessAccountId],
    );
    return rows.length > 0;
  }

  private async remove(
    table: 'storefront_item_link' | 'storefront_location_link',
    column: 'inventory_item_id' | 'storefront_location_id',
    businessAccountId: string,
    shop: string,
    id: string,
  ): Promise<boolean> {
    const rows = await this.ctx.em.execute<{ id: string }[]>(
      `delete from "${table}" where "business_account_id" = ? and "shop_domain" = ? and "${column}" = ? returning "id"`,
      [businessAccountId, shop, id],
    );
    if (rows.length === 0) throw linkNotFound();
    return true;
  }
}
