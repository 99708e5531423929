/**
 * The survey's outbox event (`survey.submitted`), queued in the transaction that records the response
 * so it commits exactly when the response does. Anonymous responses carry no device id.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';
import type { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import type { SurveyAnswerData } from './survey-response.entity.js';

export interface SubmittedResponse {
  readonly id: string;
  readonly userId: string | null;
  readonly submittedAt: Date;
  readonly answers: readonly SurveyAnswerData[];
}

export function queueSurveySubmitted(em: EntityManager, campaign: SurveyCampaign, response: SubmittedResponse): void {
  em.create(OutboxEvent, {
    type: 'survey.submitted',
    businessAccountId: campaign.businessAccountId,
    payload: {
      responseId: response.id,
      campaignId: campaign.id,
      storeId: campaign.storeId ?? null,
      userId: response.userId,
      anonymous: response.userId === null,
      submittedAt: response.submittedAt.toISOString(),
      answers: response.answers,
    },
  });
}
