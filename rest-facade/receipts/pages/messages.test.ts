import { describe, expect, it } from 'vitest';
import { stateText } from './messages.js';

describe('receipt page state texts', () => {
  it('an already-claimed receipt does not read as if someone else took it, and points to your receipts', () => {
    const [enTitle, enSentence] = stateText('en', 'receipt_already_claimed') ?? ['', ''];
    expect(`${enTitle} ${enSentence}`).not.toMatch(/taken/i);
    expect(enSentence).toContain('your receipts');
    const [, jaSentence] = stateText('ja', 'receipt_already_claimed') ?? ['', ''];
    expect(jaSentence).not.toContain('受け取られています');
    expect(jaSentence).toContain('レシート一覧');
  });
});
