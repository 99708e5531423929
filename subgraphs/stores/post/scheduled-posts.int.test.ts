/**
 * The scheduled-posts job and the post lists against a real database: due posts become Published
 * with one post.published event each, exactly once even with two runs (or a manual publish) at the
 * same time; posts not yet due stay; and a list costs the same number of queries however long it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { BusinessAccount } from '../../identity/index.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { ShopAppService } from '../shop-app/shop-app.service.js';
import { AppPostStatus } from './post.entity.js';
import { AppPostService } from './post.service.js';
import { publishDuePosts } from './scheduled-posts.job.js';

// Races need connections of their own: the embedded database (PGlite) has one.
const postgres = hasPostgres('scheduled-post races');

let db: ServiceDatabase;
let businessAccountId: string;
let serial = 0;

const service = (principal = OPERATOR) => {
  const ctx = db.context(principal);
  return new AppPostService(ctx, new ShopAppService(ctx));
};
const em = () => rootEntityManager(db.orm).fork();

/** One job run as the worker does it, in its own transaction (without the worker's lock, to race it). */
const runJob = () =>
  em().transactional((tx) => publishDuePosts({ em: tx, now: new Date(), signal: new AbortController().signal }));

async function shopApp(): Promise<string> {
  const shopId = `job-${process.pid}-${++serial}`;
  await new ShopAppService(db.context(OPERATOR)).create({ shopId, name: 'App', businessAccountId });
  return shopId;
}

/** A post scheduled an hour ahead, then moved `agoMs` into the past (as if the time had come). */
async function duePost(shopId: string, agoMs = 1_000): Promise<string> {
  const post = await service().create({
    shopId,
    title: 'Due',
    body: 'Body',
    status: AppPostStatus.Scheduled,
    publishAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await em().execute('update "app_post" set "publish_at" = ? where "id" = ?', [new Date(Date.now() - agoMs), post.id]);
  return post.id;
}

async function events(postId: string) {
  return em().execute<{ business_account_id: string; payload: Record<string, unknown> }[]>(
    `select "business_account_id", "payload" from "outbox_event" where "type" = 'post.published' and "payload"->>'postId' = ?`,
    [postId],
  );
}

async function stored(postId: string) {
  const [row] = await em().execute<{ status: string; published_at: string | null; publish_at: string }[]>(
    'select "status", "published_at", "publish_at" from "app_post" where "id" = ?',
    [postId],
  );
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return { status: row!.status, publishedAt: iso(row!.published_at), publishAt: iso(row!.publish_at) };
}

beforeAll(async () => {
  db = await openServiceDatabase();
  const fork = db.orm.em.fork();
  const business = fork.create(BusinessAccount, { name: 'ジョブ商店', ownerEmail: 'job@posts.example' });
  await fork.flush();
  businessAccountId = business.id;
});
afterAll(() => db?.close());

describe('publishDuePosts', () => {
  it('publishes due posts at their scheduled time with one event each, and leaves future ones', async () => {
    const shopId = await shopApp();
    const due = await duePost(shopId, 60_000);
    const later = await service().create({
      shopId,
      title: 'Later',
      body: 'Body',
      status: AppPostStatus.Scheduled,
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await runJob();
    const row = await stored(due);
    expect(row.status).toBe('Published');
    expect(row.publishedAt).toBe(row.publishAt);
    expect(await events(due)).toEqual([
      {
        business_account_id: businessAccountId,
        payload: { postId: due, shopId, title: 'Due', publishedAt: row.publishAt },
      },
    ]);
    expect((await stored(later.id)).status).toBe('Scheduled');
    expect(await events(later.id)).toEqual([]);
    await runJob();
    expect(await events(due)).toHaveLength(1);
  });

  it.skipIf(!postgres)('publishes each due post exactly once when two runs race', async () => {
    const shopId = await shopApp();
    const ids = [await duePost(shopId), await duePost(shopId), await duePost(shopId)];
    const released = await releasedTogether(db.env.databaseUrl!, 'app_post', [runJob, runJob]);
    const counts = valuesOf(released);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await events(id), id).toHaveLength(1);
  });

  it.skipIf(!postgres)('writes one event when a manual publish races the job', async () => {
    const shopId = await shopApp();
    const id = await duePost(shopId);
    const released = await releasedTogether(db.env.databaseUrl!, 'app_post', [
      runJob,
      () =>
        service()
          .publish(id)
          .then(() => 0),
    ]);
    valuesOf(released);
    expect((await stored(id)).status).toBe('Published');
    expect(await events(id)).toHaveLength(1);
  });
});

describe('post lists', () => {
  it('cost the same number of queries for 1 post as for 30', async () => {
    const counted = async (shopId: string) => {
      let queries = 0;
      const svc = service();
      db.orm.config.set('onQuery', (sql: string) => {
        queries++;
        return sql;
      });
      try {
        const list = await svc.publicList(shopId, null, 100);
        const managed = await svc.managedList(shopId, null, 100);
        return { queries, items: list.items.length + managed.items.length };
      } finally {
        db.orm.config.set('onQuery', (sql: string) => sql);
      }
    };
    const [one, many] = [await shopApp(), await shopApp()];
    await service().create({ shopId: one, title: 'T', body: 'B', status: AppPostStatus.Published });
    for (let i = 0; i < 30; i++)
      await service().create({ shopId: many, title: `T${i}`, body: 'B', status: AppPostStatus.Published });
    const [small, large] = [await counted(one), await counted(many)];
    expect(small.items).toBe(2);
    expect(large.items).toBe(60);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(4);
  });
});
