/**
 * The demo customer records of さくらマート株式会社 (issue 14, the back office's customer list): four
 * records its staff entered (with kana, consent varied), beside the record of hanako's membership that
 * her join writes (demo-customers.ts). A business token with `store.customers.read` lists them in
 * `businessCustomers` after `npm start`. Loaded when none of them is there and the business is, so
 * records the business changed or deleted stay as it left them; the values pass the service's checks.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { Validation } from '../../subgraphs/kernel/errors.js';
import { BusinessCustomer, BusinessCustomerSource } from '../../subgraphs/wallet/index.js';
import { contactOf } from '../../subgraphs/wallet/business-customer/business-customer-validation.js';
import { demoId } from './demo-id.js';

/** Id kind of demo customer records, apart from the kinds of other demo rows. */
const RECORD_KIND = 0x53;
const SAKURA_MART = demoId(1, 1);
const DAY = 24 * 3600 * 1000;

/** hanako's record at さくらマート (source membership), written with her demo membership. */
export const DEMO_MEMBERSHIP_RECORD_ID = demoId(RECORD_KIND, 1);

/** A record the staff entered: its contact fields and the consents the customer gave. */
interface DemoRecord {
  readonly name: string;
  readonly nameKana: string;
  readonly email?: string;
  readonly phone?: string;
  readonly birthday?: string;
  readonly note?: string;
  readonly marketingEmail: boolean;
  readonly marketingPush: boolean;
  readonly dataSharing: boolean;
}

/** The staff's records, oldest first (ids `demoId(0x53, 2)` on). */
export const DEMO_STAFF_RECORDS: readonly DemoRecord[] = [
  {
    name: '佐々木 美咲',
    nameKana: 'ササキ ミサキ',
    email: 'misaki.sasaki@example.com',
    phone: '090-1111-2222',
    note: '毎週土曜に来店。有機野菜の入荷案内を希望。',
    marketingEmail: true,
    marketingPush: true,
    dataSharing: false,
  },
  {
    name: '田中 健太',
    nameKana: 'タナカ ケンタ',
    phone: '080-3333-4444',
    note: '渋谷店からの配達を希望。',
    marketingEmail: false,
    marketingPush: false,
    dataSharing: false,
  },
  {
    name: '鈴木 由美',
    nameKana: 'すずき ゆみ',
    email: 'yumi.suzuki@example.com',
    birthday: '1985-04-12',
    marketingEmail: true,
    marketingPush: false,
    dataSharing: true,
  },
  {
    name: '高橋 翔',
    nameKana: 'タカハシ ショウ',
    email: 'sho.takahashi@example.com',
    note: '紙のポイントカードから移行。',
    marketingEmail: false,
    marketingPush: false,
    dataSharing: true,
  },
];

/** The fixed ids of {@link DEMO_STAFF_RECORDS}. */
export const DEMO_STAFF_RECORD_IDS = DEMO_STAFF_RECORDS.map((_, i) => demoId(RECORD_KIND, i + 2));

/** The stored contact fields, as the service normalizes them; throws its own error on a bad value. */
function contact(record: DemoRecord, now: Date) {
  const v = new Validation();
  const stored = contactOf(v, record, () => null, now);
  v.throwIfInvalid('Invalid demo customer record.');
  return stored;
}

/**
 * The staff's records, entered a week apart up to a day before `now`; each consent given is
 * recorded at entry, as createBusinessCustomer records it. Nothing when any of them is there.
 */
export async function loadDemoBusinessCustomers(em: EntityManager, now = new Date()): Promise<void> {
  if ((await em.count(BusinessCustomer, { id: { $in: DEMO_STAFF_RECORD_IDS } })) > 0) return;
  const business = await em.execute<unknown[]>('select 1 from "business_account" where "id" = ?', [SAKURA_MART]);
  if (business.length === 0) return;
  DEMO_STAFF_RECORDS.forEach((record, i) => {
    const at = new Date(now.getTime() - DAY - (DEMO_STAFF_RECORDS.length - 1 - i) * 7 * DAY);
    const given = (flag: boolean) => (flag ? at : null);
    em.create(BusinessCustomer, {
      id: DEMO_STAFF_RECORD_IDS[i]!,
      businessAccountId: SAKURA_MART,
      source: BusinessCustomerSource.staff,
      ...contact(record, now),
      createdAt: at,
      updatedAt: at,
      marketingEmail: record.marketingEmail,
      marketingEmailChangedAt: given(record.marketingEmail),
      marketingPush: record.marketingPush,
      marketingPushChangedAt: given(record.marketingPush),
      dataSharing: record.dataSharing,
      dataSharingChangedAt: given(record.dataSharing),
    });
  });
  await em.flush();
}
