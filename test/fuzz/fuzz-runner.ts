/**
 * Sends the cases one by one and judges each answer; a call that was refused must leave the
 * database fingerprint as it was (an accepted one may change it: RTL text is a legitimate store
 * name). Each call comes from its own documentation-range address
 * (X-Forwarded-For; the service trusts its loopback proxy), so per-IP limits do not stop the
 * values before they reach the code under test.
 */
import { violationOf, wasAccepted, type Answer } from './answer-check.js';
import type { Caller, FuzzCase } from './fuzz-case.js';
import { snippet, type Finding } from './fuzz-report.js';
import { changedTables, type Fingerprint, type TableFingerprinter } from './table-fingerprint.js';

const CALL_TIMEOUT_MS = 15_000;

/** What the runner needs from the running service. */
export interface FuzzTarget {
  readonly url: string;
  readonly tokens: Readonly<Record<Exclude<Caller, 'anonymous'>, string>>;
  readonly fingerprinter: TableFingerprinter;
}

/** Counts of a finished run. */
export interface FuzzRun {
  readonly findings: Finding[];
  readonly calls: number;
  readonly accepted: number;
  readonly byOperation: ReadonlyMap<string, number>;
  /** Time spent waiting for answers, per operation. */
  readonly msByOperation: ReadonlyMap<string, number>;
  /** Time spent fingerprinting the tables. */
  readonly fingerprintMs: number;
}

/** 198.18.0.0/15 (RFC 2544, benchmarking): one address per call. */
const addressOf = (n: number): string => `198.18.${(n >> 8) & 255}.${n & 255}`;

async function send(target: FuzzTarget, c: FuzzCase, n: number): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': addressOf(n), ...c.headers };
  if (c.caller !== 'anonymous') headers.authorization = `Bearer ${target.tokens[c.caller]}`;
  try {
    const response = await fetch(`${target.url}${c.path}`, {
      method: c.method,
      headers,
      ...(c.body ? { body: new Uint8Array(c.body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    return {
      status: 599,
      contentType: '',
      text: `no answer: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

interface Sent {
  readonly c: FuzzCase;
  readonly n: number;
  readonly answer: Answer;
  readonly accepted: boolean;
}

/**
 * Checks that refused calls changed nothing, fingerprinting as rarely as that allows: once per run
 * of an operation's calls, and right after each accepted call. When tables changed in a run that
 * held both refused and accepted calls (or several refused ones), the refused ones are sent again
 * one at a time between fingerprints to find the one that wrote.
 */
class StateChecker {
  private print: Fingerprint | undefined;
  private pending: Sent[] = [];
  ms = 0;

  constructor(
    private readonly target: FuzzTarget,
    private readonly findings: Finding[],
  ) {}

  private async take(): Promise<Fingerprint> {
    const started = Date.now();
    const print = await this.target.fingerprinter.take();
    this.ms += Date.now() - started;
    return print;
  }

  async start(): Promise<void> {
    this.print = await this.take();
  }

  private report(sent: Sent, changed: string[], note = ''): void {
    const { c, answer } = sent;
    this.findings.push({
      case: c,
      violation: `refused, yet changed ${changed.join(', ')}${note}`,
      status: answer.status,
      body: snippet(answer.text),
    });
  }

  async add(sent: Sent): Promise<void> {
    this.pending.push(sent);
    if (sent.accepted) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    const after = await this.take();
    const changed = changedTables(this.print!, after);
    this.print = after;
    if (changed.length === 0) return;
    const refused = pending.filter((p) => !p.accepted);
    if (refused.length === 1 && refused.length === pending.length) return this.report(refused[0]!, changed);
    if (refused.length === 0) return;
    let found = false;
    for (const p of refused) {
      const replayed = await send(this.target, p.c, p.n);
      const again = await this.take();
      const culprit = changedTables(this.print, again);
      this.print = again;
      if (culprit.length > 0 && !wasAccepted(p.c, replayed)) {
        this.report(p, culprit);
        found = true;
      }
    }
    if (!found && refused.length === pending.length)
      this.report(refused[0]!, changed, ` (one of ${refused.length} calls)`);
  }
}

/** Runs every case in order. */
export async function runCases(target: FuzzTarget, cases: readonly FuzzCase[]): Promise<FuzzRun> {
  const findings: Finding[] = [];
  const byOperation = new Map<string, number>();
  const msByOperation = new Map<string, number>();
  let accepted = 0;
  const state = new StateChecker(target, findings);
  await state.start();
  for (const [n, c] of cases.entries()) {
    if (n > 0 && cases[n - 1]!.operation !== c.operation) await state.flush();
    byOperation.set(c.operation, (byOperation.get(c.operation) ?? 0) + 1);
    const sent = Date.now();
    const answer = await send(target, c, n);
    msByOperation.set(c.operation, (msByOperation.get(c.operation) ?? 0) + Date.now() - sent);
    const violation = violationOf(c, answer);
    if (violation) findings.push({ case: c, violation, status: answer.status, body: snippet(answer.text) });
    const ok = wasAccepted(c, answer);
    if (ok) accepted++;
    await state.add({ c, n, answer, accepted: ok });
  }
  await state.flush();
  return { findings, calls: cases.length, accepted, byOperation, msByOperation, fingerprintMs: state.ms };
}
