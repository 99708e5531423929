/**
 * The demo survey (issue 10, CLI and demo): an anonymous survey of カフェ・ミドリ 表参道, open with no
 * window, so `GET /api/v1/surveys/campaign/demo-survey-cafe-midori` and anonymous submissions answer
 * after `npm start`. Loaded when absent; its questions go through the service's own checks.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { Validation } from '../../subgraphs/kernel/errors.js';
import { SurveyCampaign } from '../../subgraphs/engagement/index.js';
import { checkQuestions } from '../../subgraphs/engagement/survey-campaign/survey-questions.js';
import { demoId } from './demo-id.js';

/** The demo survey's token (a readable one: demo data is public anyway). */
export const DEMO_SURVEY_TOKEN = 'demo-survey-cafe-midori';

/** カフェ・ミドリ (DEMO_BUSINESSES row 3) and its 表参道 store (DEMO_STORES row 21). */
const CAFE_MIDORI = demoId(1, 3);
const CAFE_OMOTESANDO = demoId(2, 21);
const SURVEY_KIND = 0x30;

export async function loadDemoSurveys(em: EntityManager): Promise<void> {
  const id = demoId(SURVEY_KIND, 1);
  if ((await em.count(SurveyCampaign, { $or: [{ id }, { token: DEMO_SURVEY_TOKEN }] })) > 0) return;
  const v = new Validation();
  const questions = checkQuestions(v, [
    {
      id: 'visit',
      kind: 'single_choice',
      prompt: 'ご来店の頻度は？',
      choices: ['毎日', '週に数回', '月に数回', '初めて'],
      required: true,
    },
    {
      id: 'drinks',
      kind: 'multiple_choice',
      prompt: 'よく頼むものは？',
      choices: ['コーヒー', '紅茶', 'ケーキ', '軽食'],
    },
    { id: 'score', kind: 'rating', prompt: '本日の満足度は？', required: true },
    { id: 'comment', kind: 'free_text', prompt: 'ご意見・ご要望をどうぞ', maxLength: 500 },
  ]);
  v.throwIfInvalid('Invalid demo survey.');
  em.create(SurveyCampaign, {
    id,
    businessAccountId: CAFE_MIDORI,
    storeId: CAFE_OMOTESANDO,
    token: DEMO_SURVEY_TOKEN,
    name: 'カフェ・ミドリ ご来店アンケート',
    description: '匿名でお答えいただけます（1 台につき 1 回）。',
    isAnonymous: true,
    questions,
  });
  await em.flush();
}
