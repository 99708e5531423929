/**
 * The shape of an operator command: a row of flags, one named GraphQL operation, how flags become
 * its variables and how its data becomes the printed result. Adding a command is adding a row.
 */
import type { FieldError } from '../../subgraphs/kernel/errors.js';

/** One `--flag` of a command. */
export interface FlagSpec {
  /** Shown in the usage line, e.g. `N` for `--name N`; omitted for boolean switches. */
  readonly value?: string;
  /** A switch without a value (`--public`). Default false. */
  readonly boolean?: boolean;
  /** May be given several times; the values are collected in order. Default false. */
  readonly repeatable?: boolean;
  /** Must be given. Default false. */
  readonly required?: boolean;
}

/** Parsed flags: a string, `true` for a switch, or every value of a repeatable flag. */
export type Flags = Readonly<Record<string, string | boolean | readonly string[]>>;

/** What every command has: a name, a one-line summary and its flags. */
export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
}

/** An operator command (`npm run ops -- <name> [--flags]`): one GraphQL operation as the operator. */
export interface OpsCommand extends CommandSpec {
  /** A GraphQL document with exactly one named operation, {@link operationName}. */
  readonly document: string;
  readonly operationName: string;
  variables(flags: Flags): Record<string, unknown>;
  result(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A command that is not one operator operation (e.g. `token:demo`, which walks the sign-in pages):
 * it takes only its own flags (no `--token`) and runs by itself against the service's HTTP API.
 */
export interface LocalCommand extends CommandSpec {
  /** Runs with the parsed flags; `defaultBaseUrl` is the one-process service (or facade) on loopback. */
  run(flags: Flags, defaultBaseUrl: string): Promise<Record<string, unknown>>;
}

/** The usage line of a command, e.g. `business:create --name N --owner-email E`. */
export function usageOf(command: CommandSpec): string {
  const parts = Object.entries(command.flags).map(([name, spec]) => {
    const text = spec.boolean ? `--${name}` : `--${name} ${spec.value ?? 'VALUE'}`;
    const shown = spec.repeatable ? `${text} ...` : text;
    return spec.required ? shown : `[${shown}]`;
  });
  return [command.name, ...parts].join(' ');
}

/** The options every command takes besides its own flags. */
export const COMMON_FLAGS: Readonly<Record<string, FlagSpec>> = {
  url: { value: 'URL' },
  token: { value: 'TOKEN' },
};

/**
 * Parses `--name value`, `--name=value` and `--switch` against `specs`; reports unknown flags,
 * missing values, stray arguments and missing required flags as field errors.
 */
export function parseFlags(
  args: readonly string[],
  specs: Readonly<Record<string, FlagSpec>>,
  errors: FieldError[],
): Record<string, string | boolean | string[]> {
  const flags: Record<string, string | boolean | string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(args[i] ?? '');
    if (!match) {
      errors.push({ path: args[i] ?? '', message: 'unexpected argument (flags look like --name value)' });
      continue;
    }
    const [, name = '', inline] = match;
    const spec = specs[name];
    if (!spec) {
      errors.push({ path: name, message: 'unknown flag' });
      // Skip its value too, so one mistake is reported once.
      if (inline === undefined && args[i + 1] !== undefined && !args[i + 1]?.startsWith('--')) i++;
      continue;
    }
    if (spec.boolean) {
      if (inline !== undefined && !/^(true|false)$/.test(inline))
        errors.push({ path: name, message: 'is a switch: give it alone, or =true / =false' });
      flags[name] = inline === undefined || inline === 'true';
      continue;
    }
    const value = inline ?? args[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      errors.push({ path: name, message: `needs a value (--${name} ${spec.value ?? 'VALUE'})` });
      continue;
    }
    if (inline === undefined) i++;
    const previous = flags[name];
    if (spec.repeatable) flags[name] = [...(Array.isArray(previous) ? previous : []), value];
    else if (previous !== undefined) errors.push({ path: name, message: 'given more than once' });
    else flags[name] = value;
  }
  const reported = new Set(errors.map((e) => e.path));
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && flags[name] === undefined && !reported.has(name))
      errors.push({ path: name, message: 'is required' });
  }
  return flags;
}

/** The string value of a flag (undefined when absent or a switch). */
export function text(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** Whether a switch was given. */
export function on(flags: Flags, name: string): boolean {
  return flags[name] === true;
}

/** Every value of a repeatable flag (empty when absent). */
export function list(flags: Flags, name: string): readonly string[] {
  const value = flags[name];
  if (Array.isArray(value)) return value as readonly string[];
  return typeof value === 'string' ? [value] : [];
}

/** A command's failure, told as a problem by the CLI (status 400: exit 2, else exit 1). */
export class CommandFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}
