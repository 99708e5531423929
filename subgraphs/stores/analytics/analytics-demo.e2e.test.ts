/**
 * What the README promises of the demo data: today's figures of 渋谷店 already answer something on
 * `npm start`, since every load records a fresh sale at the demo terminal there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, startTestService, type TestService } from '../../../test/harness.js';

/** 渋谷店, the README's sample store. */
const SHIBUYA = '01900000-0000-7000-8002-000000000001';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ demoData: true });
});

describe('analyticsToday on the demo data', () => {
  it('counts the demo sale recorded at start at 渋谷店', async () => {
    const answer = await service.graphql<{ analyticsToday: { partial: boolean; receiptsIssued: number } }>(
      'query($s: ID!) { analyticsToday(storeId: $s) { partial receiptsIssued } }',
      { s: SHIBUYA },
      TEST_OPERATOR_TOKEN,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.analyticsToday.partial).toBe(true);
    expect(answer.data!.analyticsToday.receiptsIssued).toBeGreaterThanOrEqual(1);
  });
});
