/**
 * The worker's side of inbound storefront webhooks (job `receipts.storefront-webhooks`): each run
 * takes a short batch of stored deliveries, oldest first, and applies each in its own savepoint with
 * its outbox events, so one failing delivery neither blocks nor undoes the others. Every effect is
 * idempotent (keyed by the shop's order id, the stock level's item and location, the webhook id), so
 * a run that dies half-way is simply done again.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';
import { eraseStorefrontCustomer, eraseStorefrontShopCustomers } from '../../kernel/privacy/customer-erasure.js';
import { recordStorefrontCustomer } from '../../kernel/privacy/storefront-customer.js';
import type { Job } from '../../kernel/jobs/job.js';
import { storeName } from '../receipt-events.js';
import { Transaction } from '../transaction/transaction.entity.js';
import { advanceStorefrontOrder, recordStorefrontOrder } from '../order/order-sources.js';
import { ShopInstallation, ShopInstallationStatus } from './shop-installation.entity.js';
import { idText, isObject, parseJson, readOrder, text } from './storefront-payload.js';
import { PrivacyRequestKind, StorefrontPrivacyRequest } from './storefront-privacy-request.entity.js';
import { StorefrontWebhook } from './storefront-webhook.entity.js';

export const STOREFRONT_JOB_NAME = 'receipts.storefront-webhooks';
/** Deliveries per run (each run is one transaction: keep it short). */
export const STOREFRONT_BATCH = 20;
/** After this many failed attempts a delivery is set aside (left unprocessed with its last error). */
export const STOREFRONT_MAX_ATTEMPTS = 5;

/** Thrown for a delivery that can never be applied: recorded as processed with the reason. */
class Unprocessable extends Error {}

type Outcome = string | null;

/** The note of an order of a shop whose secret alone is set (no business account, no store yet). */
export const NOT_INSTALLED_NOTE =
  'skipped: the shop is not installed for a business and store (only its secret is set; see shop:install)';
/** An installation attached to a business account and a store (`installShop` ran). */
type Installed = ShopInstallation & { businessAccountId: string; storeId: string; terminalId: string };
const isInstalled = (installation: ShopInstallation): installation is Installed =>
  Boolean(installation.businessAccountId && installation.storeId && installation.terminalId);

function event(
  em: EntityManager,
  installation: Installed,
  type: string,
  payload: Record<string, unknown>,
  now: Date,
): void {
  em.create(OutboxEvent, { type, businessAccountId: installation.businessAccountId, occurredAt: now, payload });
}

async function applyOrder(
  em: EntityManager,
  installation: ShopInstallation,
  body: string,
  topic: string,
  now: Date,
): Promise<Outcome> {
  const order = readOrder(body);
  if (Array.isArray(order)) throw new Unprocessable(`malformed order: ${order.map((e) => e.path).join(', ')}`);
  if (installation.status !== (ShopInstallationStatus.Active as string))
    return `skipped: the shop is ${installation.status}`;
  if (!isInstalled(installation)) return NOT_INSTALLED_NOTE;
  const inserted = await em.execute<{ id: string }[]>(
    `insert into "storefront_order" ("id", "created_at", "updated_at", "installation_id", "shop_order_id", "order_name",
       "shop_customer_id", "customer_email", "customer_name", "customer_phone")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict ("installation_id", "shop_order_id") do nothing
     returning "id"`,
    [
      uuidv7(now.getTime()),
      now,
      now,
      installation.id,
      order.shopOrderId,
      order.orderName,
      order.customer.shopCustomerId,
      order.customer.email,
      order.customer.name,
      order.customer.phone,
    ],
  );
  // The business's customer record of the shop's customer (the wallet's list), in this same savepoint.
  const { businessAccountId, shopDomain } = installation;
  await recordStorefrontCustomer(em, { businessAccountId, shopDomain, ...order.customer }, now);
  const created = inserted[0];
  const [known] = created
    ? [created]
    : await em.execute<{ id: string }[]>(
        'select "id" from "storefront_order" where "installation_id" = ? and "shop_order_id" = ?',
        [installation.id, order.shopOrderId],
      );
  const sale = {
    storefrontOrderId: known!.id,
    businessAccountId: installation.businessAccountId,
    paid: order.paid || topic === 'orders/paid',
    facts: { shopDomain: installation.shopDomain, shopOrderId: order.shopOrderId, orderName: order.orderName },
  };
  if (created) {
    const transaction = em.create(Transaction, {
      terminalId: installation.terminalId,
      storeId: installation.storeId,
      storeName: (await storeName(em, installation.storeId)) ?? '',
      totalAmount: order.totalAmount,
      subtotalAmount: order.totalAmount,
      taxAmount: 0,
      taxes: [],
      currency: order.currency,
      items: order.items,
      occurredAt: order.occurredAt ?? now,
    });
    await em.flush();
    await em.execute('update "storefront_order" set "transaction_id" = ? where "id" = ?', [transaction.id, created.id]);
    // The order model writes order.created (and every later order event).
    await recordStorefrontOrder(em, sale, transaction, now);
  }
  const fulfilled = order.fulfilled || topic === 'orders/fulfilled';
  if (fulfilled)
    await em.execute(
      `update "storefront_order" set "shipped_at" = ?, "updated_at" = ?
       where "id" = ? and "shipped_at" is null`,
      [now, now, sale.storefrontOrderId],
    );
  await advanceStorefrontOrder(em, sale, fulfilled, now);
  return created ? null : 'known order';
}

async function applyInventory(
  em: EntityManager,
  installation: ShopInstallation,
  webhookId: string,
  body: ReturnType<typeof parseJson>,
  now: Date,
): Promise<Outcome> {
  if (!isObject(body)) throw new Unprocessable('inventory payload is not a JSON object');
  const inventoryItemId = idText(body.inventory_item_id);
  const locationId = idText(body.location_id);
  if (inventoryItemId === null || locationId === null)
    throw new Unprocessable('inventory payload lacks inventory_item_id or location_id');
  if (installation.status !== (ShopInstallationStatus.Active as string))
    return `skipped: the shop is ${installation.status}`;
  const available =
    typeof body.available === 'number' && Number.isInteger(body.available) && Math.abs(body.available) <= 2 ** 31 - 1
      ? body.available
      : null;
  const parsed = typeof body.updated_at === 'string' ? new Date(body.updated_at) : null;
  const shopUpdatedAt = parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
  // An older update (redelivered late) never overwrites a newer level.
  const rows = await em.execute<{ id: string }[]>(
    `insert into "storefront_stock_level" ("id", "created_at", "updated_at", "installation_id", "inventory_item_id",
       "location_id", "available", "shop_updated_at")
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict ("installation_id", "inventory_item_id", "location_id") do update
       set "available" = excluded."available", "shop_updated_at" = excluded."shop_updated_at", "updated_at" = excluded."updated_at"
       where "storefront_stock_level"."shop_updated_at" is null or excluded."shop_updated_at" is null
         or excluded."shop_updated_at" >= "storefront_stock_level"."shop_updated_at"
     returning "id"`,
    [uuidv7(now.getTime()), now, now, installation.id, inventoryItemId, locationId, available, shopUpdatedAt],
  );
  if (rows.length === 0) return 'skipped: a newer level is stored';
  // A shop not yet installed keeps its levels; there is no business account to tell.
  if (!isInstalled(installation)) return 'stored; no event: the shop is not installed for a business';
  event(
    em,
    installation,
    'inventory.updated',
    {
      shopDomain: installation.shopDomain,
      storeId: installation.storeId,
      inventoryItemId,
      locationId,
      available,
      updatedAt: (shopUpdatedAt ?? now).toISOString(),
      // The stored delivery (one per shop event): the stock ledger's reference of the level it sets.
      webhookId,
    },
    now,
  );
  return null;
}

async function applyUninstall(em: EntityManager, installation: ShopInstallation, now: Date): Promise<Outcome> {
  const rows = await em.execute<{ id: string }[]>(
    `update "shop_installation" set "status" = ?, "uninstalled_at" = ?, "updated_at" = ?
     where "id" = ? and "status" = ? returning "id"`,
    [ShopInstallationStatus.Uninstalled, now, now, installation.id, ShopInstallationStatus.Active],
  );
  if (rows.length === 0) return 'skipped: already uninstalled';
  if (!isInstalled(installation)) return 'uninstalled; no event: the shop was not installed for a business';
  event(
    em,
    installation,
    'app.uninstalled',
    { installationId: installation.id, shopDomain: installation.shopDomain, uninstalledAt: now.toISOString() },
    now,
  );
  return null;
}

/** The customer named by a privacy payload: their shop id, email and the orders named. */
function privacyCustomer(body: ReturnType<typeof parseJson>, ordersKey: string) {
  const payload = isObject(body) ? body : {};
  const customer = isObject(payload.customer) ? payload.customer : {};
  const orders = Array.isArray(payload[ordersKey]) ? payload[ordersKey].flatMap((id) => idText(id) ?? []) : [];
  return {
    shopCustomerId: idText(customer.id),
    email: text(customer.email, 320),
    phone: text(customer.phone, 64),
    orders,
  };
}

/** `where` of the orders of a privacy payload's customer (by customer id, email or order id), with its parameters. */
function customerOrders(
  installationId: string,
  who: ReturnType<typeof privacyCustomer>,
  alias = '',
): [string, unknown[]] {
  const orderList = who.orders.length > 0 ? who.orders : ['-'];
  const a = alias === '' ? '' : `${alias}.`;
  return [
    `${a}"installation_id" = ? and (${a}"shop_customer_id" = ? or lower(${a}"customer_email") = lower(?) or ${a}"shop_order_id" in (${orderList.map(() => '?').join(', ')}))`,
    [installationId, who.shopCustomerId ?? '-', who.email ?? '-', ...orderList],
  ];
}

async function applyDataRequest(
  em: EntityManager,
  installation: ShopInstallation,
  webhook: StorefrontWebhook,
  body: ReturnType<typeof parseJson>,
  now: Date,
): Promise<Outcome> {
  const who = privacyCustomer(body, 'orders_requested');
  const [where, params] = customerOrders(installation.id, who, 'o');
  const orders = await em.execute<Record<string, unknown>[]>(
    `select o."shop_order_id", o."order_name", o."shop_customer_id", o."customer_email", o."customer_name",
       o."customer_phone", o."shipped_at", o."created_at", t."id" as "transaction_id", t."total_amount", t."currency",
       t."items", t."occurred_at"
     from "storefront_order" o left join "transaction" t on t."id" = o."transaction_id"
     where ${where}
     order by o."created_at", o."id"`,
    params,
  );
  const dataRequest = isObject(body) && isObject(body.data_request) ? idText(body.data_request.id) : null;
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string).toISOString();
  em.create(StorefrontPrivacyRequest, {
    installationId: installation.id,
    webhookId: webhook.id,
    kind: PrivacyRequestKind.DataRequest,
    shopCustomerId: who.shopCustomerId,
    completedAt: now,
    export: {
      shopDomain: installation.shopDomain,
      dataRequestId: dataRequest,
      customer: { id: who.shopCustomerId, email: who.email, phone: who.phone },
      orders: orders.map((o) => ({
        shopOrderId: o.shop_order_id,
        orderName: o.order_name,
        customer: { id: o.shop_customer_id, email: o.customer_email, name: o.customer_name, phone: o.customer_phone },
        shippedAt: iso(o.shipped_at),
        receivedAt: iso(o.created_at),
        transaction: o.transaction_id
          ? {
              id: o.transaction_id,
              totalAmount: o.total_amount,
              currency: o.currency,
              items: o.items,
              occurredAt: iso(o.occurred_at),
            }
          : null,
      })),
    },
  });
  return null;
}

const ERASED = `"shop_customer_id" = null, "customer_email" = null, "customer_name" = null, "customer_phone" = null`;

async function applyCustomerRedact(
  em: EntityManager,
  installation: ShopInstallation,
  webhook: StorefrontWebhook,
  body: ReturnType<typeof parseJson>,
  now: Date,
): Promise<Outcome> {
  const who = privacyCustomer(body, 'orders_to_redact');
  const [where, params] = customerOrders(installation.id, who);
  const erased = await em.execute<{ id: string }[]>(
    `update "storefront_order" set ${ERASED}, "redacted_at" = ?, "updated_at" = ? where ${where} returning "id"`,
    [now, now, ...params],
  );
  if (who.shopCustomerId !== null)
    await em.execute(
      `update "storefront_privacy_request" set "export" = null, "updated_at" = ?
       where "installation_id" = ? and "kind" = ? and "shop_customer_id" = ?`,
      [now, installation.id, PrivacyRequestKind.DataRequest, who.shopCustomerId],
    );
  // The business's customer records of this shop customer go too (the kernel's one erasure).
  if (installation.businessAccountId)
    await eraseStorefrontCustomer(em, {
      businessAccountId: installation.businessAccountId,
      shopDomain: installation.shopDomain,
      shopCustomerId: who.shopCustomerId,
      email: who.email,
    });
  em.create(StorefrontPrivacyRequest, {
    installationId: installation.id,
    webhookId: webhook.id,
    kind: PrivacyRequestKind.CustomerRedact,
    shopCustomerId: who.shopCustomerId,
    erasedOrders: erased.length,
    completedAt: now,
  });
  return null;
}

async function applyShopRedact(
  em: EntityManager,
  installation: ShopInstallation,
  webhook: StorefrontWebhook,
  now: Date,
): Promise<Outcome> {
  const erased = await em.execute<{ id: string }[]>(
    `update "storefront_order" set ${ERASED}, "redacted_at" = ?, "updated_at" = ? where "installation_id" = ? returning "id"`,
    [now, now, installation.id],
  );
  await em.execute(
    `update "storefront_privacy_request" set "export" = null, "updated_at" = ? where "installation_id" = ? and "export" is not null`,
    [now, installation.id],
  );
  if (installation.businessAccountId)
    await eraseStorefrontShopCustomers(em, {
      businessAccountId: installation.businessAccountId,
      shopDomain: installation.shopDomain,
    });
  em.create(StorefrontPrivacyRequest, {
    installationId: installation.id,
    webhookId: webhook.id,
    kind: PrivacyRequestKind.ShopRedact,
    erasedOrders: erased.length,
    completedAt: now,
  });
  return null;
}

/** Applies one delivery in `em` (a savepoint); answers the note to record, null when it simply applied. */
async function apply(em: EntityManager, webhook: StorefrontWebhook, body: string, now: Date): Promise<Outcome> {
  const installation = await em.findOneOrFail(ShopInstallation, { id: webhook.installationId });
  if (webhook.kind === 'orders') return applyOrder(em, installation, body, webhook.topic, now);
  if (webhook.kind === 'app-uninstalled') return applyUninstall(em, installation, now);
  let parsed: ReturnType<typeof parseJson> = null;
  try {
    parsed = parseJson(body);
  } catch {
    // Receiving refused any body without its topic's shape; a shop/redact needs nothing more from it.
    if (webhook.kind === 'inventory') throw new Unprocessable('inventory payload is not JSON');
  }
  if (webhook.kind === 'inventory') return applyInventory(em, installation, webhook.id, parsed, now);
  if (webhook.kind === 'customers-data-request') return applyDataRequest(em, installation, webhook, parsed, now);
  if (webhook.kind === 'customers-redact') return applyCustomerRedact(em, installation, webhook, parsed, now);
  return applyShopRedact(em, installation, webhook, now);
}

/** One run: up to {@link STOREFRONT_BATCH} pending deliveries, oldest first. */
export async function processStorefrontWebhooks(
  em: EntityManager,
  now: Date,
  signal?: AbortSignal,
): Promise<Record<string, number> | null> {
  const pending = await em.find(
    StorefrontWebhook,
    { processedAt: null, attempts: { $lt: STOREFRONT_MAX_ATTEMPTS } },
    { orderBy: { receivedAt: 'asc', id: 'asc' }, limit: STOREFRONT_BATCH, populate: ['payload'] },
  );
  if (pending.length === 0) return null;
  let applied = 0;
  let failed = 0;
  for (const webhook of pending) {
    if (signal?.aborted) break;
    const body = webhook.payload ?? '';
    try {
      const note = await em.transactional((inner) => apply(inner, webhook, body, now));
      await em.execute(
        `update "storefront_webhook" set "processed_at" = ?, "payload" = null, "attempts" = "attempts" + 1,
           "last_error" = ?, "updated_at" = ? where "id" = ?`,
        [now, note, now, webhook.id],
      );
      applied += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof Unprocessable;
      await em.execute(
        `update "storefront_webhook" set "attempts" = "attempts" + 1, "last_error" = ?, "updated_at" = ?,
           "processed_at" = ?, "payload" = case when ? then null else "payload" end where "id" = ?`,
        [message.slice(0, 1024), now, final ? now : null, final, webhook.id],
      );
      failed += 1;
    }
  }
  return { applied, failed };
}

/** The job the receipts subgraph lists: every second, a short batch. */
export function storefrontWebhooksJob(intervalMs = 1_000): Job {
  return {
    name: STOREFRONT_JOB_NAME,
    intervalMs,
    run: ({ em, now, signal }) => processStorefrontWebhooks(em, now, signal),
  };
}
