/**
 * The demo check-in campaign (issue 10, demo): a stamp campaign of カフェ・ミドリ 表参道, active with no
 * window and once per day, so `GET /api/v1/checkins/campaign/demo-checkin-cafe-midori` and hanako's
 * `POST /api/v1/checkins` answer after `npm start`, and the business sees the check-in in its
 * checkInResults. Loaded when absent (by id or token), so a business's changes stay.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { CheckInCampaign } from '../../subgraphs/engagement/index.js';
import { demoId } from './demo-id.js';

/** The demo check-in campaign's token (a readable one: demo data is public anyway). */
export const DEMO_CHECK_IN_TOKEN = 'demo-checkin-cafe-midori';

/** カフェ・ミドリ (DEMO_BUSINESSES row 3) and its 表参道 store (DEMO_STORES row 21). */
const CAFE_MIDORI = demoId(1, 3);
const CAFE_OMOTESANDO = demoId(2, 21);
const CHECK_IN_KIND = 0x31;

export async function loadDemoCheckIns(em: EntityManager): Promise<void> {
  const id = demoId(CHECK_IN_KIND, 1);
  if ((await em.count(CheckInCampaign, { $or: [{ id }, { token: DEMO_CHECK_IN_TOKEN }] })) > 0) return;
  em.create(CheckInCampaign, {
    id,
    businessAccountId: CAFE_MIDORI,
    storeId: CAFE_OMOTESANDO,
    token: DEMO_CHECK_IN_TOKEN,
    name: 'カフェ・ミドリ 来店スタンプ',
    description: 'ご来店ごとにスタンプ 1 つ（1 日 1 回まで）。',
    startsAt: null,
    endsAt: null,
    isActive: true,
    allowRepeatCheckIns: false,
  });
  await em.flush();
}
