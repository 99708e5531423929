/** Operator commands of survey campaigns (survey-campaign:create). */
import { CommandFailure, list, on, text, type OpsCommand } from './command.js';

/** CLI kind -> question kind. */
const KINDS: Readonly<Record<string, string>> = {
  single: 'single_choice',
  multiple: 'multiple_choice',
  rating: 'rating',
  text: 'free_text',
};

const USAGE = '--question is KIND:PROMPT (rating, text) or KIND:PROMPT:A|B|C (single, multiple)';

/**
 * One `--question` value as a question input: `single:Q?:A|B|C`, `multiple:Q?:A|B|C`, `rating:Q?` or
 * `text:Q?`. Choices follow the last colon of a choice question, so its prompt may hold colons.
 */
export function questionOf(spec: string): Record<string, unknown> {
  const colon = spec.indexOf(':');
  const kind = KINDS[spec.slice(0, colon)];
  if (colon < 0 || !kind) throw new CommandFailure(400, 'validation_failed', `${USAGE}; got ${JSON.stringify(spec)}.`);
  const rest = spec.slice(colon + 1);
  if (kind !== 'single_choice' && kind !== 'multiple_choice') return { kind, prompt: rest };
  const last = rest.lastIndexOf(':');
  if (last < 0) throw new CommandFailure(400, 'validation_failed', `${USAGE}; got ${JSON.stringify(spec)}.`);
  return { kind, prompt: rest.slice(0, last), choices: rest.slice(last + 1).split('|') };
}

export const SURVEY_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'survey-campaign:create',
    summary: `Create a survey campaign of a business with an unguessable token; ${USAGE}. --anonymous lets callers without a token answer with a device id.`,
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      anonymous: { boolean: true },
      question: { value: 'KIND:PROMPT[:A|B|C]', required: true, repeatable: true },
    },
    operationName: 'OpsCreateSurveyCampaign',
    document:
      'mutation OpsCreateSurveyCampaign($input: CreateSurveyCampaignInput!) { createSurveyCampaign(input: $input) { token questions { id kind } } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        name: text(flags, 'name'),
        isAnonymous: on(flags, 'anonymous'),
        questions: list(flags, 'question').map(questionOf),
      },
    }),
    result: (data) => {
      const created = data.createSurveyCampaign as { token: string; questions: { id: string; kind: string }[] };
      return { token: created.token, questions: created.questions.map(({ id, kind }) => ({ id, kind })) };
    },
  },
];
