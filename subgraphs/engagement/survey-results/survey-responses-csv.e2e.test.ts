/**
 * The CSV export of a survey's responses through GraphQL: the exact document (BOM, CRLF, quoted
 * commas and line breaks, defused formulas, multiple choices joined), oldest first, the range, a file
 * name without the campaign token, no respondent column, and who may export.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { business, consumer, failure, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { CAMPAIGN_SCOPES, createSurveyCampaign, respondAt } from '../../../test/fixtures/surveys.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let campaign: { id: string; token: string };
let ids: string[];

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, [...CAMPAIGN_SCOPES, 'store.products.read']);
  mine = await business(service, app, CAMPAIGN_SCOPES);
  campaign = await createSurveyCampaign(service, mine.token, {
    name: 'Café Midori, Omotesando!',
    isAnonymous: true,
    onePerRespondent: false,
  });
  // Submitted out of order: the export sorts by submission time.
  ids = [
    await respondAt(
      service,
      campaign.token,
      [
        { questionId: 'visit', choices: ['daily'] },
        { questionId: 'score', rating: 5 },
        { questionId: 'note', text: "=cmd|' /C calc'!A0" },
      ],
      '2026-03-02T10:00:00.000Z',
    ),
    await respondAt(
      service,
      campaign.token,
      [
        { questionId: 'visit', choices: ['weekly'] },
        { questionId: 'likes', choices: ['tea', 'coffee'] },
        { questionId: 'score', rating: 4 },
        { questionId: 'note', text: 'a "b",\nc' },
      ],
      '2026-03-01T10:00:00.000Z',
    ),
    await respondAt(
      service,
      campaign.token,
      [
        { questionId: 'visit', choices: ['rarely'] },
        { questionId: 'score', rating: 1 },
      ],
      '2026-03-03T10:00:00.000Z',
    ),
  ];
});

const CSV = `query($c: ID!, $from: DateTimeISO, $to: DateTimeISO) {
  surveyResponsesCsv(campaignId: $c, from: $from, to: $to) { filename contentType rowCount truncated content } }`;
const exportCsv = (token: string, c: string, range: { from?: string; to?: string } = {}) =>
  service.graphql<{ surveyResponsesCsv: Record<string, unknown> }>(CSV, { c, ...range }, token);

const HEADER =
  'response_id,submitted_at,visit: How often?,likes: What do you buy?,score: How was it?,note: Anything else?';

describe('surveyResponsesCsv', () => {
  it('writes one row per response, oldest first, in the exact CSV form', async () => {
    const answer = await exportCsv(mine.token, campaign.id);
    expect(answer.errors).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(answer.data!.surveyResponsesCsv).toEqual({
      filename: `survey-cafe-midori-omotesando-${today}.csv`,
      contentType: 'text/csv; charset=utf-8',
      rowCount: 3,
      truncated: false,
      content:
        `\uFEFF${HEADER}\r\n` +
        `${ids[1]},2026-03-01T10:00:00.000Z,weekly,coffee | tea,4,"a ""b"",\nc"\r\n` +
        `${ids[0]},2026-03-02T10:00:00.000Z,daily,,5,'=cmd|' /C calc'!A0\r\n` +
        `${ids[2]},2026-03-03T10:00:00.000Z,rarely,,1,\r\n`,
    });
    expect(String(answer.data!.surveyResponsesCsv.filename)).not.toContain(campaign.token);
    expect(String(answer.data!.surveyResponsesCsv.content)).not.toMatch(/device|user/i);
  });

  it('exports only the responses of the range, and refuses from not before to', async () => {
    const answer = await exportCsv(mine.token, campaign.id, {
      from: '2026-03-02T10:00:00.000Z',
      to: '2026-03-03T10:00:00.000Z',
    });
    expect(answer.data!.surveyResponsesCsv).toMatchObject({ rowCount: 1, truncated: false });
    expect(String(answer.data!.surveyResponsesCsv.content).split('\r\n')[1]).toMatch(new RegExp(`^${ids[0]},`));
    const empty = await exportCsv(mine.token, campaign.id, { from: '2027-01-01T00:00:00.000Z' });
    expect(empty.data!.surveyResponsesCsv).toMatchObject({ rowCount: 0, content: `\uFEFF${HEADER}\r\n` });
    const bad = await exportCsv(mine.token, campaign.id, {
      from: '2026-03-02T10:00:00.000Z',
      to: '2026-03-02T10:00:00.000Z',
    });
    expect(failure(bad)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'to' }] });
  });

  it("answers another business's campaign as not found, refuses a token without the scope and a user token", async () => {
    const theirs = await business(service, app, CAMPAIGN_SCOPES);
    expect(failure(await exportCsv(theirs.token, campaign.id))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'survey_campaign_not_found',
    });
    const writer = await business(service, app, ['store.campaigns.write']);
    expect(failure(await exportCsv(writer.token, campaign.id))).toMatchObject({
      code: 'FORBIDDEN',
      scope: 'store.campaigns.read',
    });
    const hanako = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
    expect(failure(await exportCsv(hanako.token, campaign.id))).toMatchObject({ code: 'FORBIDDEN' });
    const operator = await exportCsv(TEST_OPERATOR_TOKEN, campaign.id);
    expect(operator.data!.surveyResponsesCsv).toMatchObject({ rowCount: 3 });
  });
});
