/**
 * AppPageService against the real database: the public list costs the same number of queries
 * whatever the number of pages, lists published pages only, by position then slug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { BusinessAccount } from '../../identity/index.js';
import { ShopAppService } from '../shop-app/shop-app.service.js';
import { AppPageService } from './app-page.service.js';

let db: ServiceDatabase;
let business: string;
let executed: string[] = [];

const pages = (ctx = db.context()) => new AppPageService(ctx, new ShopAppService(ctx));

beforeAll(async () => {
  db = await openServiceDatabase();
  const em = db.orm.em.fork();
  business = em.create(BusinessAccount, { name: 'ページ株式会社', ownerEmail: 'pages@test.example' }).id;
  await em.flush();
  const previous = db.orm.config.get('onQuery');
  db.orm.config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    executed.push(sql);
    return previous(sql, params);
  });
});
afterAll(() => db?.close());

/** An app with `published` published pages (and one unpublished page). */
async function appWithPages(shopId: string, published: number): Promise<void> {
  const ctx = db.context(OPERATOR);
  await new ShopAppService(ctx).create({ shopId, name: 'App', businessAccountId: business });
  const service = pages(ctx);
  for (let i = 0; i < published; i++)
    await service.create(shopId, {
      slug: `p-${i}`,
      title: `P${i}`,
      body: '<p>x</p>',
      published: true,
      position: published - i,
    });
  await service.create(shopId, { slug: 'draft', title: 'Draft', body: '', position: 0 });
}

async function queriesOf(call: () => Promise<unknown>): Promise<number> {
  executed = [];
  await call();
  return executed.length;
}

describe('listPublished', () => {
  it('answers any number of pages with the same number of queries', async () => {
    await appWithPages('queries-one', 1);
    await appWithPages('queries-many', 25);
    const one = await queriesOf(() => pages().listPublished('queries-one'));
    const many = await queriesOf(() => pages().listPublished('queries-many'));
    expect(one).toBe(2);
    expect(many).toBe(one);
  });

  it('lists published pages only, by position', async () => {
    await appWithPages('published-order', 3);
    const list = await pages().listPublished('published-order');
    expect(list.map((page) => page.slug)).toEqual(['p-2', 'p-1', 'p-0']);
  });
});
