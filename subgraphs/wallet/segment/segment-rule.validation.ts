/**
 * Checking a rule tree before it is stored: exactly one field per node, bounded depth, breadth and
 * leaves, values in range. Field errors name the node's path (`rule.all.1.spent.days`).
 */
import { isUuid } from '../../kernel/db/uuid.js';
import type { Validation } from '../../kernel/errors.js';
import { RULE_KINDS, type Rule, type SegmentRule } from './segment-rule.js';

/** Bounds of a rule tree. */
export const RULE_LIMITS = {
  /** Levels of nodes, the root being level 1 (so and/or may nest three deep). */
  depth: 4,
  /** Children of one and/or node. */
  children: 10,
  /** Leaf conditions in the whole tree. */
  leaves: 20,
  atLeast: 1_000_000_000,
  days: 730,
  text: 64,
  choice: 200,
  rating: 1000,
} as const;

/** Ids the rule names, which must be the business's own. */
export interface RuleReferences {
  readonly storeIds: Set<string>;
  readonly checkInCampaignIds: Set<string>;
  readonly surveyCampaignIds: Set<string>;
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

class RuleChecker {
  leaves = 0;
  constructor(private readonly v: Validation) {}

  node(input: SegmentRule | null | undefined, path: string, depth: number): Rule | null {
    if (!input) return this.fail(path, 'is required');
    const set = RULE_KINDS.filter((kind) => input[kind] !== undefined && input[kind] !== null);
    if (set.length !== 1) return this.fail(path, `must set exactly one of ${RULE_KINDS.join(', ')}`);
    const kind = set[0]!;
    if (kind === 'all' || kind === 'any') return this.group(kind, input[kind]!, `${path}.${kind}`, depth);
    this.leaves += 1;
    return this.leaf(input, `${path}.${kind}`);
  }

  private group(kind: 'all' | 'any', children: SegmentRule[], path: string, depth: number): Rule | null {
    if (depth >= RULE_LIMITS.depth) return this.fail(path, `nests too deep (at most ${RULE_LIMITS.depth} levels)`);
    if (children.length < 1 || children.length > RULE_LIMITS.children)
      return this.fail(path, `must have 1 to ${RULE_LIMITS.children} rules`);
    const checked = children.map((child, i) => this.node(child, `${path}.${i}`, depth + 1));
    if (checked.some((c) => c === null)) return null;
    return kind === 'all' ? { all: checked as Rule[] } : { any: checked as Rule[] };
  }

  private leaf(input: SegmentRule, path: string): Rule | null {
    if (input.spent) {
      const { atLeast, days } = input.spent;
      const ok = this.check(isInt(atLeast, 0, RULE_LIMITS.atLeast), `${path}.atLeast`, 'must be 0 to 1000000000');
      if (!this.check(isInt(days, 1, RULE_LIMITS.days), `${path}.days`, 'must be 1 to 730') || !ok) return null;
      return { spent: { atLeast, days } };
    }
    if (input.visited)
      return this.id(input.visited.storeId, `${path}.storeId`) ? { visited: { storeId: input.visited.storeId } } : null;
    if (input.checkedIn)
      return this.id(input.checkedIn.campaignId, `${path}.campaignId`)
        ? { checkedIn: { campaignId: input.checkedIn.campaignId } }
        : null;
    if (input.favorited) {
      const storeId = input.favorited.storeId ?? null;
      return storeId === null || this.id(storeId, `${path}.storeId`) ? { favorited: { storeId } } : null;
    }
    if (input.rank) {
      const rankCode = input.rank.rankCode.trim();
      const ok = rankCode.length >= 1 && rankCode.length <= RULE_LIMITS.text;
      return this.check(ok, `${path}.rankCode`, 'must be 1 to 64 characters') ? { rank: { rankCode } } : null;
    }
    return this.answered(input.answered!, path);
  }

  private answered(input: NonNullable<SegmentRule['answered']>, path: string): Rule | null {
    const choice = input.choice ?? null;
    const rating = input.rating ?? null;
    const questionId = input.questionId.trim();
    let ok = this.id(input.campaignId, `${path}.campaignId`);
    ok =
      this.check(
        questionId.length >= 1 && questionId.length <= RULE_LIMITS.text,
        `${path}.questionId`,
        'must be 1 to 64 characters',
      ) && ok;
    ok = this.check((choice === null) !== (rating === null), path, 'must give exactly one of choice and rating') && ok;
    if (choice !== null)
      ok =
        this.check(
          choice.length >= 1 && choice.length <= RULE_LIMITS.choice,
          `${path}.choice`,
          'must be 1 to 200 characters',
        ) && ok;
    if (rating !== null)
      ok = this.check(isInt(rating, 0, RULE_LIMITS.rating), `${path}.rating`, 'must be 0 to 1000') && ok;
    return ok ? { answered: { campaignId: input.campaignId, questionId, choice, rating } } : null;
  }

  private id(value: string, path: string): boolean {
    return this.check(isUuid(value), path, 'must be a UUID');
  }

  private check(condition: boolean, path: string, message: string): boolean {
    this.v.check(condition, path, message);
    return condition;
  }

  private fail(path: string, message: string): null {
    this.v.add(path, message);
    return null;
  }
}

/**
 * The rule `input` checked and normalized, or null after adding field errors to `v` (call
 * `v.throwIfInvalid()`). Bounded by {@link RULE_LIMITS}.
 */
export function checkRule(v: Validation, input: SegmentRule | null | undefined, path = 'rule'): Rule | null {
  const checker = new RuleChecker(v);
  const rule = checker.node(input, path, 1);
  if (checker.leaves > RULE_LIMITS.leaves) {
    v.add(path, `has too many conditions (at most ${RULE_LIMITS.leaves})`);
    return null;
  }
  return rule;
}

/** Every id `rule` names, by what it must be of the business. */
export function ruleReferences(rule: Rule): RuleReferences {
  const refs: RuleReferences = { storeIds: new Set(), checkInCampaignIds: new Set(), surveyCampaignIds: new Set() };
  const walk = (node: Rule): void => {
    if ('all' in node) node.all.forEach(walk);
    else if ('any' in node) node.any.forEach(walk);
    else if ('visited' in node) refs.storeIds.add(node.visited.storeId);
    else if ('favorited' in node && node.favorited.storeId) refs.storeIds.add(node.favorited.storeId);
    else if ('checkedIn' in node) refs.checkInCampaignIds.add(node.checkedIn.campaignId);
    else if ('answered' in node) refs.surveyCampaignIds.add(node.answered.campaignId);
  };
  walk(rule);
  return refs;
}
