/**
 * `wallet.push-updates`: pushes passes whose customer's points or rank changed since their last push
 * (`wallet_pass.last_pushed_at` null or before `customer.pass_updated_at`), a bounded batch of customers
 * per run, oldest change first. A platform that failed (timeout, 5xx) keeps its passes stale, so the
 * next run tries again; skipped (not configured) and gone ones are stamped. The pushes of a batch run
 * concurrently, each call bounded by PUSH_TIMEOUT_MS, so a run holds its transaction for at most about
 * that long.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Env } from '../../kernel/env.js';
import type { Job, JobRun } from '../../kernel/jobs/job.js';
import { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';
import type { WalletPushTransport } from './push-transport.js';
import { planPush, recordPush, sendPush } from './wallet-push.js';

export const WALLET_PUSH_JOB = 'wallet.push-updates';

/** Time between runs: how late a pass learns of a change of points or rank. */
export const WALLET_PUSH_INTERVAL_MS = 5_000;

/** Customers pushed per run at most; the rest go on the next tick. */
export const WALLET_PUSH_BATCH = 20;

interface ShopRow {
  id: string;
  shop_id: string;
  business_account_id: string;
  name: string;
  logo_url: string | null;
  membership_card: Record<string, unknown> | string | null;
}

/** The shop apps of `shopAppIds` as customer-access.ts reads them, in one query. */
async function shopsById(em: EntityManager, shopAppIds: readonly string[]): Promise<Map<string, WalletShop>> {
  const rows = await em.execute<ShopRow[]>(
    `select "id", "shop_id", "business_account_id", "name", "logo_url", "membership_card" from "shop_app"
     where "id" in (${shopAppIds.map(() => '?').join(', ')})`,
    [...shopAppIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        shopAppId: row.id,
        shopId: row.shop_id,
        businessAccountId: row.business_account_id,
        name: row.name,
        logoUrl: row.logo_url,
        membershipCard:
          typeof row.membership_card === 'string'
            ? (JSON.parse(row.membership_card) as Record<string, unknown> | null)
            : row.membership_card,
      },
    ]),
  );
}

/** Customers with a pass older than their last change, oldest change first. */
async function staleCustomers(em: EntityManager): Promise<Customer[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select c."id" from "customer" c
     where exists (select 1 from "wallet_pass" p where p."customer_id" = c."id"
                   and (p."last_pushed_at" is null or p."last_pushed_at" < c."pass_updated_at"))
     order by c."pass_updated_at", c."id" limit ${WALLET_PUSH_BATCH}`,
  );
  if (rows.length === 0) return [];
  return em.find(Customer, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { passUpdatedAt: 'asc', id: 'asc' } });
}

/** One run: plan every stale customer, send all pushes, record them; the counts for the log. */
export async function pushStalePasses(run: JobRun, env: Env, transport: WalletPushTransport) {
  const customers = await staleCustomers(run.em);
  if (customers.length === 0) return { customers: 0, updates: 0 };
  const shops = await shopsById(run.em, [...new Set(customers.map((c) => c.shopAppId))]);
  const plans = [];
  for (const customer of customers) plans.push(await planPush(run.em, env, customer, shops.get(customer.shopAppId)!));
  const results = await Promise.all(plans.map((plan) => sendPush(transport, plan)));
  let updates = 0;
  for (const result of results) updates += (await recordPush(run.em, result, run.now)).updates;
  return { customers: customers.length, updates };
}

/** The wallet push job, every {@link WALLET_PUSH_INTERVAL_MS}. */
export function walletPushJob(env: Env, transport: WalletPushTransport): Job {
  return {
    name: WALLET_PUSH_JOB,
    intervalMs: WALLET_PUSH_INTERVAL_MS,
    // An idle run (no stale pass) is logged at debug only: the job runs every few seconds.
    run: async (run) => {
      const done = await pushStalePasses(run, env, transport);
      return done.customers === 0 ? null : done;
    },
  };
}
