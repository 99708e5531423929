/** The status values of survey submissions and the reasons answers are refused (no decorators: the facade reads them). */
/**
 * Every status of a survey submission: recorded, or why nothing was recorded (DECISIONS: snake_case,
 * the complete set is an enum in the OpenAPI schema).
 */
export const SURVEY_SUBMIT_STATUSES = [
  'recorded',
  'unknown_token',
  'inactive',
  'not_started',
  'ended',
  'auth_required',
  'invalid_device_id',
  'already_submitted',
  'invalid_answers',
] as const;
export type SurveySubmitStatus = (typeof SURVEY_SUBMIT_STATUSES)[number];

/** Every reason an answer is refused (the `invalid_answers` status lists one per question). */
export const SURVEY_ANSWER_PROBLEMS = [
  'unknown_question',
  'duplicate_answer',
  'required',
  'wrong_kind',
  'unknown_choice',
  'too_few_selections',
  'too_many_selections',
  'out_of_scale',
  'too_long',
] as const;
export type SurveyAnswerProblemReason = (typeof SURVEY_ANSWER_PROBLEMS)[number];
