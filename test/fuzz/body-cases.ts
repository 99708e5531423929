/**
 * Hostile whole bodies: what a client can do to the envelope rather than to one field. Broken and
 * oversized JSON, nesting, wrong roots, charsets, content encodings and media types, and the same
 * for form bodies. Sizes straddle the limits: just under 1 MiB and just over it.
 */
import { gzipSync } from 'node:zlib';
import { DEEP_NESTING } from './hostile-values.js';
import { jsonWith, type JsonPath } from './fuzz-case.js';

/** A body and the headers that describe it. */
export interface HostileBody {
  readonly kind: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export const MIB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

/** `base` with the string at `pad` grown so the whole body is `size` bytes. */
function padded(base: unknown, pad: JsonPath, size: number): Buffer {
  const empty = jsonWith(base, pad, Buffer.from('""'));
  return jsonWith(base, pad, Buffer.from(JSON.stringify('x'.repeat(Math.max(0, size - empty.length)))));
}

/**
 * Whole-body cases for a JSON endpoint whose good body is `base`; `pad` is a string position that
 * may be grown (the sizes then hold a valid body), else the body is padded with an unknown field.
 */
export function jsonBodies(base: unknown, pad: JsonPath | undefined): HostileBody[] {
  const good = Buffer.from(JSON.stringify(base), 'utf8');
  const grow = pad ?? ['fuzzPadding'];
  return [
    { kind: 'malformed JSON', headers: JSON_TYPE, body: Buffer.from('{"a": [1, 2,', 'utf8') },
    { kind: 'JSON with trailing garbage', headers: JSON_TYPE, body: Buffer.concat([good, Buffer.from('}{')]) },
    { kind: 'root: array', headers: JSON_TYPE, body: Buffer.from('[]') },
    { kind: 'root: string', headers: JSON_TYPE, body: Buffer.from('"x"') },
    { kind: 'root: null', headers: JSON_TYPE, body: Buffer.from('null') },
    { kind: 'root: number', headers: JSON_TYPE, body: Buffer.from('1e400') },
    {
      kind: `root nested ${DEEP_NESTING} deep`,
      headers: JSON_TYPE,
      body: Buffer.from('['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING)),
    },
    { kind: 'just under 1 MiB', headers: JSON_TYPE, body: padded(base, grow, MIB - 64) },
    { kind: 'over 1 MiB', headers: JSON_TYPE, body: padded(base, grow, MIB + 4096) },
    { kind: 'BOM prefix', headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good]) },
    { kind: 'invalid UTF-8 between tokens', headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xff]), good]) },
    { kind: 'charset=foo', headers: { 'content-type': 'application/json; charset=foo' }, body: good },
    {
      kind: 'charset=utf-16',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: Buffer.from(`\ufeff${JSON.stringify(base)}`, 'utf16le'),
    },
    { kind: 'Content-Encoding: gzip', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(good) },
    { kind: 'Content-Encoding: gzip (corrupt)', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: good },
    { kind: 'Content-Encoding: br (corrupt)', headers: { ...JSON_TYPE, 'content-encoding': 'br' }, body: good },
    { kind: 'Content-Encoding: unknown', headers: { ...JSON_TYPE, 'content-encoding': 'x-fuzz' }, body: good },
    { kind: 'Content-Type: text/plain', headers: { 'content-type': 'text/plain' }, body: good },
    { kind: 'Content-Type: application/xml', headers: { 'content-type': 'application/xml' }, body: good },
    { kind: 'Content-Type: malformed', headers: { 'content-type': ';;=/json' }, body: good },
    {
      kind: 'duplicate and prototype keys',
      headers: JSON_TYPE,
      body: Buffer.concat([
        Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},'),
        good.subarray(1),
      ]),
    },
  ];
}

/** Whole-body cases for a form endpoint whose good body is `good` (already encoded); `limit` its size limit. */
export function formBodies(good: string, limit: number): HostileBody[] {
  const body = Buffer.from(good, 'utf8');
  const pad = (size: number) => Buffer.from(`${good}&fuzz_padding=${'x'.repeat(Math.max(0, size - good.length - 15))}`);
  return [
    { kind: 'malformed form', headers: FORM_TYPE, body: Buffer.from('%%%&&==&a=%&=b&%ZZ=%FF') },
    { kind: 'just under the size limit', headers: FORM_TYPE, body: pad(limit - 64) },
    { kind: 'over the size limit', headers: FORM_TYPE, body: pad(limit + 4096) },
    { kind: 'over 1 MiB', headers: FORM_TYPE, body: pad(MIB + 4096) },
    {
      kind: '5,000 parameters',
      headers: FORM_TYPE,
      body: Buffer.from(Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join('&')),
    },
    {
      kind: 'raw invalid UTF-8',
      headers: FORM_TYPE,
      body: Buffer.concat([body, Buffer.from([0x26, 0x61, 0x3d, 0xff])]),
    },
    { kind: 'charset=foo', headers: { 'content-type': `${FORM_TYPE['content-type']}; charset=foo` }, body },
    {
      kind: 'charset=utf-16',
      headers: { 'content-type': `${FORM_TYPE['content-type']}; charset=utf-16` },
      body: Buffer.from(good, 'utf16le'),
    },
    { kind: 'Content-Encoding: gzip', headers: { ...FORM_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(body) },
    { kind: 'Content-Encoding: deflate (corrupt)', headers: { ...FORM_TYPE, 'content-encoding': 'deflate' }, body },
    { kind: 'Content-Encoding: unknown', headers: { ...FORM_TYPE, 'content-encoding': 'x-fuzz' }, body },
    { kind: 'Content-Type: multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body },
  ];
}
