/** JSON Schemas of the survey endpoints (merged into `components.schemas`). */
import {
  SURVEY_ANSWER_PROBLEMS,
  SURVEY_SUBMIT_STATUSES,
} from '../../subgraphs/engagement/survey-response/survey-statuses.js';
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullable = (type: string, description: string): JsonSchema => ({ type: [type, 'null'], description });
const timestamp = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const nullableTimestamp = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});
const strings = (description: string): JsonSchema => ({
  type: ['array', 'null'],
  items: { type: 'string' },
  description,
});

/** Preview statuses: the campaign's window now, or unknown_token. */
export const PREVIEW_STATUSES = ['open', 'inactive', 'not_started', 'ended', 'unknown_token'] as const;

const questionProperties = {
  id: str('Stable id of the question; answers name it.'),
  kind: {
    type: 'string',
    enum: ['single_choice', 'multiple_choice', 'rating', 'free_text'],
    description: 'How it is answered.',
  },
  prompt: str('The question.'),
  required: { type: 'boolean', description: 'Whether an answer is required.' },
  choices: strings('Choice questions: the choices; else null.'),
  minSelections: nullable('integer', 'multiple_choice: fewest selections; else null.'),
  maxSelections: nullable('integer', 'multiple_choice: most selections; else null.'),
  scaleMin: nullable('integer', 'rating: lowest value; else null.'),
  scaleMax: nullable('integer', 'rating: highest value; else null.'),
  maxLength: nullable('integer', 'free_text: longest answer in characters; else null.'),
} as const;

const answerProperties = {
  questionId: str('The question answered.'),
  choices: strings('single_choice: one choice; multiple_choice: the selections.'),
  rating: nullable('integer', 'rating: a whole number on the scale.'),
  text: nullable('string', 'free_text: at most maxLength characters (trimmed; empty counts as no answer).'),
} as const;

const itemProperties = {
  responseId: { type: 'string', format: 'uuid', description: 'The response.' },
  campaignId: { type: 'string', format: 'uuid', description: 'The survey campaign.' },
  campaignName: nullable('string', 'The campaign’s name now (null if it no longer exists).'),
  campaignToken: nullable('string', 'The campaign’s token (null if it no longer exists).'),
  submittedAt: timestamp('When it was submitted (RFC 3339, UTC).'),
  answers: { type: 'array', items: ref('SurveyAnswer'), description: 'The answers, in question order.' },
} as const;

export const SURVEY_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  SurveyQuestion: {
    type: 'object',
    description: 'One question of a survey campaign, every default of its kind filled.',
    required: Object.keys(questionProperties),
    properties: questionProperties,
  },
  SurveyCampaignPreviewResponse: {
    type: 'object',
    description:
      'Interface: SurveyCampaignPreviewResponse. The campaign with its questions inlined; on a miss only `status` ' +
      '(`unknown_token`).',
    required: ['status'],
    properties: {
      status: {
        type: 'string',
        enum: [...PREVIEW_STATUSES],
        description:
          'open (accepts answers), inactive (switched off), not_started, ended, or unknown_token (no such campaign).',
      },
      token: str('The campaign token.'),
      name: str('Campaign name.'),
      description: nullable('string', 'Description.'),
      storeId: nullable(
        'string',
        'The store it was made for; null for any store of the business, or a store not public.',
      ),
      startsAt: nullableTimestamp('Answers accepted from; null: no start limit.'),
      endsAt: nullableTimestamp('Answers accepted until (excluded); null: no end limit.'),
      isAnonymous: { type: 'boolean', description: 'IsAnonymous: callers without a token may answer with a deviceId.' },
      questions: { type: 'array', items: ref('SurveyQuestion'), description: 'The questions, in display order.' },
    },
  },
  SurveyAnswer: {
    type: 'object',
    description: 'One answer: `choices`, `rating` or `text`, as the question’s kind takes.',
    required: ['questionId'],
    properties: answerProperties,
  },
  SubmitSurveyRequest: {
    type: 'object',
    description:
      'Interface: SubmitSurveyRequest. The campaign token, the answers and, for anonymous callers, a deviceId.',
    required: ['token', 'answers'],
    properties: {
      token: { type: 'string', description: 'The campaign token (required, not empty).' },
      deviceId: nullable(
        'string',
        'A stable id of the device (8 to 128 of A-Z a-z 0-9 . _ : -). Required without a bearer token; kept with a user’s answer when sent.',
      ),
      answers: { type: 'array', items: ref('SurveyAnswer'), description: '1 to 100 answers, one per question.' },
    },
  },
  SurveySubmitResponse: {
    type: 'object',
    description: 'Interface: SurveySubmitResponse. `status` says whether the response was recorded, or why not.',
    required: ['status', 'responseId', 'problems'],
    properties: {
      status: {
        type: 'string',
        enum: [...SURVEY_SUBMIT_STATUSES],
        description:
          'recorded; unknown_token (no campaign has it); inactive (switched off); not_started; ended; auth_required (no bearer ' +
          'token and the campaign is not IsAnonymous, or no deviceId); invalid_device_id (deviceId of the wrong shape); ' +
          'already_submitted (the campaign takes one response per user or device); invalid_answers (see problems). ' +
          'Only recorded stores anything.',
      },
      responseId: { type: ['string', 'null'], format: 'uuid', description: 'The recorded response; null otherwise.' },
      problems: {
        type: 'array',
        description: 'For invalid_answers: each refused answer and why; else empty.',
        items: {
          type: 'object',
          required: ['questionId', 'reason'],
          properties: {
            questionId: str('The question.'),
            reason: {
              type: 'string',
              enum: [...SURVEY_ANSWER_PROBLEMS],
              description:
                'unknown_question, duplicate_answer (answered twice, or a choice repeated), required (a required question ' +
                'unanswered), wrong_kind (not the value its kind takes), unknown_choice, too_few_selections, ' +
                'too_many_selections, out_of_scale, too_long.',
            },
          },
        },
      },
    },
  },
  UserSurveyResponseItem: {
    type: 'object',
    description: 'One survey response of the signed-in user.',
    required: Object.keys(itemProperties),
    properties: itemProperties,
  },
  UserSurveyListResponse: {
    type: 'object',
    description: 'Interface: UserSurveyListResponse. The signed-in user’s survey responses, newest first.',
    required: ['items'],
    properties: { items: { type: 'array', maxItems: 200, items: ref('UserSurveyResponseItem') } },
  },
};
