#!/usr/bin/env node
// Reads Stryker's JSON report (reports/mutation/mutation.json, written by `npm run test:mutation`) and
// prints the mutation score per module and per group of security modules, then every mutant that
// survived or had no test (file:line in the compiled JS Stryker mutates, mutator, original and
// replacement). Usage: node tools/mutation-survivors.mjs [report.json]
import { readFileSync } from 'node:fs';

/** The groups of the issue, by the compiled file's path (see stryker.config.mjs). */
const GROUPS = [
  ['access rules and authentication', /^dist\/subgraphs\/kernel\/auth\//],
  ['OAuth tokens and grants', /^dist\/subgraphs\/identity\/(oauth|oauth-client)\//],
  ['sign-in and throttling', /^dist\/subgraphs\/identity\/user\//],
  ['facade parsing and problem mapping', /^dist\/rest-facade\//],
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const path = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(path, 'utf8'));

function tally() {
  return { detected: 0, undetected: 0, ignored: 0 };
}
function add(into, status) {
  if (DETECTED.has(status)) into.detected++;
  else if (UNDETECTED.has(status)) into.undetected++;
  else into.ignored++;
}
function score({ detected, undetected }) {
  const valid = detected + undetected;
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)}%`;
}
const row = (name, t) =>
  `${score(t).padStart(7)}  ${String(t.detected).padStart(4)} killed  ${String(t.undetected).padStart(4)} not  ${name}`;

const total = tally();
const groups = new Map(GROUPS.map(([name]) => [name, tally()]));
const survivors = [];
const modules = [];
for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = source.split('\n');
  const t = tally();
  const group = GROUPS.find(([, pattern]) => pattern.test(file))?.[0];
  for (const mutant of mutants) {
    add(t, mutant.status);
    add(total, mutant.status);
    if (group) add(groups.get(group), mutant.status);
    if (UNDETECTED.has(mutant.status)) {
      const { start } = mutant.location;
      survivors.push(
        `${file}:${start.line}  ${mutant.status}  ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}\n` +
          `    ${(lines[start.line - 1] ?? '').trim().slice(0, 160)}`,
      );
    }
  }
  modules.push(row(file, t));
}

console.log('Mutation score per module (killed or timed out / all with a result; ignored mutants left out)\n');
console.log(modules.join('\n'));
console.log('\nPer group\n');
for (const [name, t] of groups) console.log(row(name, t));
console.log(`\n${row('all', total)}`);
console.log(`\nSurviving and uncovered mutants (${survivors.length})\n`);
console.log(survivors.join('\n') || '(none)');
