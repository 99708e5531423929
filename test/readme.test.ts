/**
 * The README states facts the code owns (the demo data's numbers, the sample request, the operator
 * commands, the scope names): each is read back from the code here, so the two cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRY_PATH } from '../rest-facade/landing.js';
import { BUSINESS_SCOPES, USER_SCOPES } from '../subgraphs/kernel/auth/scopes.js';
import { EVENT_TYPE_NAMES, eventTypeScope } from '../subgraphs/kernel/events/catalogue.js';
import { DEMO_BUSINESSES, DEMO_STORES } from '../processes/demo/demo-data.js';
import { usageOf } from '../tools/ops/command.js';
import { LOCAL_COMMANDS, OPS_COMMANDS } from '../tools/ops/commands.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A number as the README writes it: a word up to ten, else digits. */
function numberOf(text: string): number {
  const word = NUMBER_WORDS.indexOf(text.toLowerCase());
  return word >= 0 ? word : Number(text);
}

describe('README, demo data section', () => {
  const facts =
    /(\w+) businesses and (\d+) stores in (\w+) prefectures \((\d+) publicly visible: (\d+) listed and (\d+) known only by a\s+place-directory id; (\d+) unlisted\)/.exec(
      README,
    );

  it('states the demo data in one sentence the test can read', () => {
    expect(facts, 'the "N businesses and N stores in N prefectures (...)" sentence').not.toBeNull();
  });

  it('counts businesses, stores and prefectures as the demo data has them', () => {
    const [, businesses = '', stores = '', prefectures = ''] = facts ?? [];
    expect(numberOf(businesses)).toBe(DEMO_BUSINESSES.length);
    expect(numberOf(stores)).toBe(DEMO_STORES.length);
    expect(numberOf(prefectures)).toBe(new Set(DEMO_STORES.map((s) => s[3])).size);
  });

  it('counts the stores by visibility as the demo data has them', () => {
    const [, , , , visible = '', listed = '', place = '', unlisted = ''] = facts ?? [];
    const count = (visibility: string) => DEMO_STORES.filter((s) => s[6] === visibility).length;
    expect(numberOf(listed)).toBe(count('public'));
    expect(numberOf(place)).toBe(count('place'));
    expect(numberOf(unlisted)).toBe(count('unlisted'));
    expect(numberOf(visible)).toBe(count('public') + count('place'));
  });
});

describe('README, the first request', () => {
  it('shows the sample request percent-encoded, as the start banner prints it', () => {
    expect(TRY_PATH).toMatch(/^[!-~]+$/);
    expect(README).toContain(`http://localhost:4000${TRY_PATH}`);
    expect(README).not.toMatch(/https?:\/\/\S*\?prefecture=\P{ASCII}/u);
  });
});

describe('README, operator CLI', () => {
  it('lists every command with its arguments', () => {
    for (const command of [...OPS_COMMANDS, ...LOCAL_COMMANDS]) {
      const args = usageOf(command).slice(command.name.length).trim().replaceAll('|', '\\|');
      const row = new RegExp(`^\\| \`${command.name}\`\\s+\\| ${args ? `\`${escapeRegExp(args)}\`` : ''}\\s+\\|`, 'm');
      expect(README, command.name).toMatch(row);
    }
  });
});

describe('README, scopes', () => {
  it('names every scope', () => {
    for (const scope of [...USER_SCOPES, ...BUSINESS_SCOPES]) expect(README).toContain(`\`${scope}\``);
  });

  it("gives every event type the catalogue's read scope in the events-and-consent table", () => {
    const table = README.split('### Events and consent')[1]?.split('\n\n')[2] ?? '';
    const rows = table.split('\n').slice(2);
    const named = new Map<string, string>();
    for (const row of rows) {
      const [types = '', scope = ''] = row
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      for (const type of types.match(/`[a-z.]+`/g) ?? []) named.set(type.slice(1, -1), scope.replace(/`/g, ''));
    }
    expect(Object.fromEntries(named)).toEqual(
      Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, eventTypeScope(type) ?? 'none'])),
    );
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
