/** `npm run ops -- help`: each command with its arguments on one line and its summary below, for people. */
import { usageOf, type CommandSpec } from './command.js';

const WIDTH = 100;

/** `text` broken at spaces into lines of at most WIDTH characters after `indent`. */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, indent + line] : lines;
}

/** The help page: what the CLI is, then per group each command's usage line and its summary below. */
export function helpText(groups: readonly { title: string; commands: readonly CommandSpec[] }[]): string {
  const lines = [
    'Usage: npm run ops -- <command> [--flags]',
    '',
    ...wrap(
      'Prints one JSON object on stdout (exit 0), or a problem JSON on stderr (exit 2: invalid request, 1: anything else). `npm run ops -- <command> --help` shows one command; `npm run ops -- help --json` lists them as JSON.',
      '',
    ),
  ];
  for (const group of groups) {
    lines.push('', group.title);
    for (const command of group.commands) lines.push(`  ${usageOf(command)}`, ...wrap(command.summary, '      '));
  }
  return `${lines.join('\n')}\n`;
}

/** The help of one command: its usage line, the options it also takes, and its summary. */
export function commandHelp(command: CommandSpec, extra: string): string {
  return `Usage: npm run ops -- ${usageOf(command)}${extra}\n\n${command.summary}\n`;
}
