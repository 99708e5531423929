/**
 * The demo flyer after `npm start`: hanako's myFlyers answers the published flyer of 渋谷店 with its
 * products and sale prices; a later load adds nothing, and renews the window once it has ended.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_FLYER_ID, loadDemoFlyers } from './demo-flyers.js';

let service: TestService;
const em = () => rootEntityManager(service.orm).fork();
const QUERY =
  'query { myFlyers { nodes { id title store { name } items { productName regularPriceAmount salePriceAmount } } } }';

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function hanakoToken(): Promise<string> {
  const [hanako] = await em().execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [
    'hanako@example.com',
  ]);
  const app = await registerApp(service, ['user.favorites.read']);
  return (await tokensFor(service, app, hanako!.id, { scopes: ['user.favorites.read'] })).accessToken;
}

describe('demo flyer', () => {
  it('is a current flyer of a favorite store of hanako', async () => {
    const answer = await service.graphql<{ myFlyers: { nodes: Record<string, unknown>[] } }>(
      QUERY,
      {},
      await hanakoToken(),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.myFlyers.nodes).toEqual([
      {
        id: DEMO_FLYER_ID,
        title: '渋谷店 週末の特売チラシ',
        store: { name: expect.stringContaining('渋谷店') as unknown },
        items: [
          { productName: '手巻おにぎり 鮭', regularPriceAmount: 160, salePriceAmount: 120 },
          { productName: '緑茶 500ml', regularPriceAmount: 128, salePriceAmount: 98 },
          { productName: '食パン 6枚切', regularPriceAmount: 198, salePriceAmount: 158 },
        ],
      },
    ]);
  });

  it('adds nothing when loaded again, and renews an ended window', async () => {
    await em().execute(
      `update "flyer" set "valid_from" = now() - interval '20 days', "valid_to" = now() - interval '1 day' where "id" = ?`,
      [DEMO_FLYER_ID],
    );
    await loadDemoFlyers(em());
    await loadDemoFlyers(em());
    const rows = await em().execute<{ current: boolean }[]>(
      `select "valid_from" <= now() and now() < "valid_to" as "current" from "flyer" where "id" = ?`,
      [DEMO_FLYER_ID],
    );
    expect(rows).toEqual([{ current: true }]);
    const [counts] = await em().execute<{ pages: number; items: number }[]>(
      `select (select count(*)::int from "flyer_page" where "flyer_id" = ?) as "pages",
              (select count(*)::int from "flyer_item" where "flyer_id" = ?) as "items"`,
      [DEMO_FLYER_ID, DEMO_FLYER_ID],
    );
    expect(counts).toEqual({ pages: 2, items: 3 });
  });
});
