// The CSV export type is a decorated GraphQL class: its decorators need the metadata polyfill.
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { CSV_EXPORT_MAX_ROWS } from '../campaign/csv-export.types.js';
import { surveyCsv, surveyCsvFilename } from './survey-csv.js';
import { decodeTextAnswerCursor, encodeTextAnswerCursor } from './survey-text-answers.js';

const QUESTIONS = [
  { id: 'pick', kind: 'multiple_choice', prompt: 'Pick, any', choices: ['a', 'b'] },
  { id: 'say', kind: 'text', prompt: 'Say' },
];
const response = (n: number) => ({
  id: `r${n}`,
  submittedAt: new Date(Date.UTC(2026, 2, n)),
  answers: [
    { questionId: 'pick', choices: ['a', 'b'] },
    { questionId: 'gone', text: 'ignored' },
    { questionId: 'say', text: `n${n}` },
  ],
});

describe('surveyCsv', () => {
  it('keeps at most the cap of rows and says when it cut some', () => {
    const three = [1, 2, 3].map(response);
    expect(surveyCsv(QUESTIONS, three, 2)).toMatchObject({ rowCount: 2, truncated: true });
    expect(surveyCsv(QUESTIONS, three, 3)).toMatchObject({ rowCount: 3, truncated: false });
    expect(surveyCsv(QUESTIONS, three)).toMatchObject({ rowCount: 3, truncated: false });
    expect(CSV_EXPORT_MAX_ROWS).toBe(50_000);
    expect(surveyCsv(QUESTIONS, three, 2).content).toBe(
      '\uFEFFresponse_id,submitted_at,"pick: Pick, any",say: Say\r\n' +
        'r1,2026-03-01T00:00:00.000Z,a | b,n1\r\n' +
        'r2,2026-03-02T00:00:00.000Z,a | b,n2\r\n',
    );
  });
});

describe('surveyCsvFilename', () => {
  const now = new Date('2026-11-24T23:59:00Z');
  const campaign = { id: '01900000-0000-7000-8000-000000000001', token: 'Secret_Token-123', name: 'Spring Survey' };

  it('names the file by a slug of the campaign name and the UTC date', () => {
    expect(surveyCsvFilename(campaign, now)).toBe('survey-spring-survey-20261124.csv');
    expect(surveyCsvFilename({ ...campaign, name: `${'x'.repeat(39)} y` }, now)).toBe(
      `survey-${'x'.repeat(39)}-20261124.csv`,
    );
  });

  it('uses the id when the name leaves no slug or holds the token', () => {
    expect(surveyCsvFilename({ ...campaign, name: 'カフェ・ミドリ' }, now)).toBe(`survey-${campaign.id}-20261124.csv`);
    expect(surveyCsvFilename({ ...campaign, name: 'Survey Secret_Token-123 x' }, now)).toBe(
      `survey-${campaign.id}-20261124.csv`,
    );
  });
});

describe('text answer cursors', () => {
  it('round-trip, and anything else is refused', () => {
    const cursor = { at: '2026-04-01T00:00:00.000002Z', id: '01900000-0000-7000-8000-000000000001' };
    expect(decodeTextAnswerCursor(encodeTextAnswerCursor(cursor))).toEqual(cursor);
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of ['', '%%%', forge({}), forge([cursor.at]), forge(['2026-04-01T00:00:00Z', cursor.id])]) {
      expect(decodeTextAnswerCursor(bad)).toBeNull();
    }
    expect(decodeTextAnswerCursor(forge([cursor.at, 'not-a-uuid']))).toBeNull();
    expect(decodeTextAnswerCursor(forge(['0000-01-01T00:00:00.000000Z', cursor.id]))).toBeNull();
  });
});
