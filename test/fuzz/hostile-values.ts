/**
 * The catalogue of hostile values, by the type of the position they go into. Each value carries its
 * exact bytes at a JSON position (so lone surrogates, invalid UTF-8 and numbers JavaScript cannot
 * hold, like 1e400, reach the server as written) and, where it can be written there, its
 * percent-encoded text for a query string, path segment or form field.
 */

/** What kind of position a value goes into. */
export type PositionType = 'string' | 'number' | 'boolean' | 'container';

/** One hostile value. */
export interface HostileValue {
  /** A short name for reports: `NUL`, `int32 max+1`, `wrong type: object`. */
  readonly kind: string;
  /** The bytes written at a JSON position. */
  readonly json: Buffer;
  /** The percent-encoded text at a URL or form position; absent when it has no such spelling. */
  readonly text?: string;
  /** Written as the parameter repeated (`a=x&a=y`): the URL spelling of an array. */
  readonly repeated?: boolean;
  /** Tried at every position of its type (the others are sampled). */
  readonly core?: boolean;
  /**
   * Appended to the position's valid value rather than standing alone (`hanako@example.com` + NUL
   * gets past an email check that `a` + NUL + `b` fails): the JSON bytes and URL text to append.
   */
  readonly appended?: { readonly json: Buffer; readonly text: string };
}

export const DEEP_NESTING = 10_000;
const LONG = 10_000;

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
const jsonOf = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');
const q = (value: string): string => encodeURIComponent(value);

const RTL = '\u202Eevil\u202C مرحبا עברית \u200F';
const COMBINING = `Z${'\u0301\u0308\u0327\u0336'.repeat(40)}e\u0301`;
const INVISIBLE = '\u200B\u200C\u200D\u2060\uFEFF';
const CONTROL = '\u0001\u0007\u001b[31m\r\n\t\u007f';

const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const WRONG_TYPES: readonly HostileValue[] = [
  { kind: 'wrong type: object', json: jsonOf({ $gt: '' }) },
  { kind: 'wrong type: array', json: jsonOf(['x', 'y']), text: 'x', repeated: true },
  { kind: 'wrong type: null', json: jsonOf(null) },
  { kind: 'wrong type: boolean', json: jsonOf(true), text: 'true' },
];

const STRINGS: readonly HostileValue[] = [
  {
    kind: 'NUL after a valid value',
    json: jsonOf('\u0000'),
    text: '%00',
    appended: { json: bytes('\\u0000'), text: '%00' },
    core: true,
  },
  {
    kind: 'invalid UTF-8 after a valid value',
    json: bytes('"', [0xc0, 0xaf], '"'),
    text: '%C0%AF',
    appended: { json: bytes([0xc0, 0xaf]), text: '%C0%AF' },
  },
  { kind: 'NUL', json: jsonOf('a\u0000b'), text: 'a%00b', core: true },
  { kind: 'invalid UTF-8 (C0 AF)', json: bytes('"a', [0xc0, 0xaf], 'b"'), text: 'a%C0%AFb', core: true },
  { kind: 'lone surrogate', json: bytes('"a\\ud800b"'), text: 'a%ED%A0%80b', core: true },
  { kind: '10,000 characters', json: jsonOf('x'.repeat(LONG)), text: 'x'.repeat(LONG), core: true },
  { kind: 'wrong type: object', json: jsonOf({ $gt: '' }), core: true },
  { kind: 'invalid UTF-8 (FF)', json: bytes('"', [0xff, 0xfe], '"'), text: '%FF%FE' },
  { kind: 'RTL override', json: jsonOf(RTL), text: q(RTL) },
  { kind: 'combining marks', json: jsonOf(COMBINING), text: q(COMBINING) },
  { kind: 'invisible characters', json: jsonOf(INVISIBLE), text: q(INVISIBLE) },
  { kind: 'control characters', json: jsonOf(CONTROL), text: q(CONTROL) },
  { kind: '10,000 CJK characters', json: jsonOf('漢'.repeat(LONG)), text: q('漢'.repeat(LONG)) },
  { kind: 'empty', json: jsonOf(''), text: '' },
  { kind: 'bad percent-encoding', json: jsonOf('%ZZ%'), text: '%ZZ%' },
  { kind: 'path traversal', json: jsonOf('../../../etc/passwd'), text: '..%2F..%2F..%2Fetc%2Fpasswd' },
  { kind: 'SQL and template', json: jsonOf("' OR 1=1 --${7*7}%s"), text: q("' OR 1=1 --${7*7}%s") },
  { kind: `array of ${LONG} strings`, json: jsonOf(Array.from({ length: LONG }, () => 'x')) },
  { kind: `nested ${DEEP_NESTING} deep`, json: bytes(deepArray(DEEP_NESTING)) },
  ...WRONG_TYPES.filter((v) => v.kind !== 'wrong type: object'),
  { kind: 'wrong type: number', json: bytes('1e400'), text: '1e400' },
];

const NUMBERS: readonly HostileValue[] = [
  { kind: 'int32 max+1', json: bytes('2147483648'), text: '2147483648', core: true },
  { kind: 'int32 min-1', json: bytes('-2147483649'), text: '-2147483649', core: true },
  { kind: '1e400', json: bytes('1e400'), text: '1e400', core: true },
  { kind: 'NaN string', json: jsonOf('NaN'), text: 'NaN', core: true },
  { kind: 'wrong type: string with NUL', json: jsonOf('1\u0000'), text: '1%00', core: true },
  { kind: 'int32 max', json: bytes('2147483647'), text: '2147483647' },
  { kind: 'int32 min', json: bytes('-2147483648'), text: '-2147483648' },
  { kind: '-0', json: bytes('-0'), text: '-0' },
  { kind: 'fraction', json: bytes('1.5'), text: '1.5' },
  { kind: '2^53+1', json: bytes('9007199254740993'), text: '9007199254740993' },
  { kind: '20 digits', json: bytes('99999999999999999999'), text: '99999999999999999999' },
  { kind: 'negative', json: bytes('-1'), text: '-1' },
  { kind: 'zero', json: bytes('0'), text: '0' },
  { kind: 'Infinity string', json: jsonOf('Infinity'), text: 'Infinity' },
  { kind: 'hex string', json: jsonOf('0x10'), text: '0x10' },
  { kind: '1e-400', json: bytes('1e-400'), text: '1e-400' },
  { kind: 'invalid UTF-8 digits', json: bytes('"1', [0xff], '"'), text: '1%FF' },
  ...WRONG_TYPES,
];

const BOOLEANS: readonly HostileValue[] = [
  { kind: 'wrong type: string', json: jsonOf('true'), text: 'yes', core: true },
  { kind: 'wrong type: number', json: bytes('1'), text: '1', core: true },
  { kind: 'NUL', json: jsonOf('\u0000'), text: '%00' },
  { kind: 'invalid UTF-8', json: bytes('"', [0xc0, 0xaf], '"'), text: '%C0%AF' },
  ...WRONG_TYPES.filter((v) => v.kind !== 'wrong type: boolean'),
];

const CONTAINERS: readonly HostileValue[] = [
  { kind: 'wrong type: string', json: jsonOf('x'), core: true },
  { kind: `nested ${DEEP_NESTING} deep (arrays)`, json: bytes(deepArray(DEEP_NESTING)), core: true },
  { kind: `nested ${DEEP_NESTING} deep (objects)`, json: bytes(deepObject(DEEP_NESTING)) },
  { kind: 'wrong type: null', json: jsonOf(null), core: true },
  { kind: 'wrong type: number', json: bytes('2147483648') },
  { kind: 'wrong type: boolean', json: jsonOf(false) },
  { kind: `array of ${LONG} objects`, json: jsonOf(Array.from({ length: LONG }, () => ({}))) },
  { kind: 'prototype keys', json: bytes('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}') },
];

const CATALOGUE: Readonly<Record<PositionType, readonly HostileValue[]>> = {
  string: STRINGS,
  number: NUMBERS,
  boolean: BOOLEANS,
  container: CONTAINERS,
};

/** `value` placed at a position whose valid value is `baseline` (only appended values change). */
export function atPosition(value: HostileValue, baseline: unknown): HostileValue {
  if (!value.appended) return value;
  const valid = typeof baseline === 'string' ? baseline : typeof baseline === 'number' ? String(baseline) : 'x';
  const quoted = JSON.stringify(valid);
  return {
    ...value,
    json: Buffer.concat([Buffer.from(quoted.slice(0, -1), 'utf8'), value.appended.json, Buffer.from('"')]),
    text: `${encodeURIComponent(valid)}${value.appended.text}`,
  };
}

/** Every hostile value for a position of `type` (at URL and form positions, those with a spelling there). */
export function hostileValues(type: PositionType, where: 'json' | 'text'): readonly HostileValue[] {
  return where === 'json' ? CATALOGUE[type] : CATALOGUE[type].filter((v) => v.text !== undefined);
}
