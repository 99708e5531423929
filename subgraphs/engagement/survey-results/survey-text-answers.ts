/**
 * Pages of free-text answers, newest first, by keyset on (submitted_at, id): a cursor names the last
 * answer of the page before. Every page asked for in one request (one per free-text question, say) is
 * fetched by one statement: the pages' parameters go in as a JSON array, and a lateral subquery takes
 * each page's rows.
 */
import DataLoader from 'dataloader';
import type { EntityManager } from '../../kernel/db/orm.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ANSWERS_OF } from './survey-tally.js';
import type { SurveyResponseRange, SurveyTextAnswerPage } from './survey-results.types.js';

/** `textAnswers(first)`: its default and largest value (smaller than 1 or larger is BAD_USER_INPUT). */
export const TEXT_ANSWER_PAGE = { defaultSize: 50, maxSize: 200 } as const;

/** Where a page ended: the exact submitted_at (microseconds, UTC) and id of its last answer. */
export interface TextAnswerCursor {
  readonly at: string;
  readonly id: string;
}

/** A time as the page query writes it; year 0000 is not one (PostgreSQL has no year 0). */
const CURSOR_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to callers. */
export function encodeTextAnswerCursor(cursor: TextAnswerCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor, or null when it is not one this API made. */
export function decodeTextAnswerCursor(text: string): TextAnswerCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !isUuid(id) || !CURSOR_TIME.test(at)) return null;
    return Number.isNaN(Date.parse(at)) ? null : { at, id };
  } catch {
    return null;
  }
}

/** One page asked for: the question, the responses counted, its size and where it starts. */
export interface TextAnswerPageKey {
  readonly range: SurveyResponseRange;
  readonly questionId: string;
  readonly first: number;
  readonly after: TextAnswerCursor | null;
}

const PAGES_SQL = `select "k"."ord", "t"."id", "t"."submitted_at", "t"."text", "t"."at"
  from jsonb_to_recordset(?::jsonb) as "k"("ord" int, "campaign_id" uuid, "question_id" text,
    "from_at" timestamptz, "to_at" timestamptz, "after_at" timestamptz, "after_id" uuid, "take" int)
  cross join lateral (
    select "r"."id", "r"."submitted_at", "e"."value"->>'text' as "text",
      to_char("r"."submitted_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "at"
    from "survey_response" "r" cross join lateral ${ANSWERS_OF('"r"')} as "e"
    where "r"."campaign_id" = "k"."campaign_id"
      and "r"."submitted_at" >= coalesce("k"."from_at", '-infinity')
      and "r"."submitted_at" < coalesce("k"."to_at", 'infinity')
      and ("k"."after_at" is null or ("r"."submitted_at", "r"."id") < ("k"."after_at", "k"."after_id"))
      and "e"."value"->>'questionId' = "k"."question_id" and jsonb_typeof("e"."value"->'text') = 'string'
    order by "r"."submitted_at" desc, "r"."id" desc
    limit "k"."take"
  ) as "t"
  order by "k"."ord", "t"."submitted_at" desc, "t"."id" desc`;

interface PageRow {
  readonly ord: number;
  readonly id: string;
  readonly submitted_at: Date | string;
  readonly text: string;
  readonly at: string;
}

/** Fetches the pages of `keys` in one statement (each one row longer, to know if another page follows). */
async function fetchPages(em: EntityManager, keys: readonly TextAnswerPageKey[]): Promise<SurveyTextAnswerPage[]> {
  const params = keys.map((key, ord) => ({
    ord,
    campaign_id: key.range.campaignId,
    question_id: key.questionId,
    from_at: key.range.from?.toISOString() ?? null,
    to_at: key.range.to?.toISOString() ?? null,
    after_at: key.after?.at ?? null,
    after_id: key.after?.id ?? null,
    take: key.first + 1,
  }));
  const rows = await em.execute<PageRow[]>(PAGES_SQL, [JSON.stringify(params)]);
  const byPage = new Map<number, PageRow[]>();
  for (const row of rows) {
    const page = byPage.get(row.ord);
    if (page) page.push(row);
    else byPage.set(row.ord, [row]);
  }
  return keys.map((key, ord) => {
    const mine = byPage.get(ord) ?? [];
    const page = mine.slice(0, key.first);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({ responseId: row.id, text: row.text, submittedAt: new Date(row.submitted_at) })),
      nextCursor: mine.length > key.first && last ? encodeTextAnswerCursor({ at: last.at, id: last.id }) : null,
    };
  });
}

/** A request-scoped loader of text-answer pages: the pages one request asks for cost one statement. */
export function textAnswerPageLoader(em: EntityManager): DataLoader<TextAnswerPageKey, SurveyTextAnswerPage, string> {
  return new DataLoader((keys) => fetchPages(em, keys), {
    cacheKeyFn: (key) => JSON.stringify([key.range, key.questionId, key.first, key.after]),
  });
}
