/**
 * How a row's success is written: JSON (negotiated, http.ts), no content (204), bytes with a strong
 * ETag, Cache-Control and an optional Content-Disposition (304 to a matching If-None-Match), cacheable
 * JSON with a strong ETag and Cache-Control (the same 304), or a redirect with Location. The row declares which (`Route.answer`); the OpenAPI builder documents it.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { jsonMediaType, sendJson } from './http.js';
import type { BinaryAnswer, BinaryPayload, CachedJsonAnswer, Route } from './route.js';

export const REDIRECT_STATUSES: readonly number[] = [302, 303];

/**
 * Refuses a row whose answer cannot be written: a redirect with a status other than 302/303, a binary
 * row with a JSON schema or no media type.
 *
 * @throws Error naming the row.
 */
export function assertAnswerShape(route: Route): void {
  const name = `${route.method} ${route.path}`;
  if (route.answer?.kind === 'redirect' && !REDIRECT_STATUSES.includes(route.status as number))
    throw new Error(`${name}: a redirect row answers 302 or 303`);
  if (route.answer?.kind === 'binary' && (route.responseSchema !== null || route.answer.mediaTypes.length === 0))
    throw new Error(`${name}: a binary row lists its media types and has no JSON response schema`);
  if (route.answer?.kind === 'empty' && route.responseSchema !== null)
    throw new Error(`${name}: an empty answer has no JSON response schema`);
}

/** A strong entity tag of the bytes: their SHA-256, base64url. */
export function strongETag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/**
 * Whether `If-None-Match` matches `etag`: `*`, or any listed tag by the weak comparison RFC 9110
 * §13.1.2 prescribes for this header (a `W/` prefix is ignored).
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** `inline; filename="..."; filename*=UTF-8''...` (RFC 6266): an ASCII fallback and the exact name. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string | undefined): string {
  if (filename === undefined) return type;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

function isBinaryPayload(value: unknown): value is BinaryPayload {
  const payload = value as Partial<BinaryPayload> | null;
  return typeof payload?.contentType === 'string' && payload.bytes instanceof Uint8Array;
}

function sendBinary(req: Request, res: Response, answer: BinaryAnswer, status: number, payload: unknown): void {
  // A row that returns something else is a bug of the row: the error handler answers 500.
  if (!isBinaryPayload(payload) || !answer.mediaTypes.includes(payload.contentType))
    throw new Error(`${req.method} ${req.path}: the row's result is not bytes of a declared media type`);
  if (notModified(req, res, strongETag(payload.bytes), answer.cacheControl)) return;
  if (answer.lastModified && payload.lastModified && notModifiedSince(req, res, payload.lastModified)) return;
  if (answer.disposition)
    res.setHeader('Content-Disposition', contentDisposition(answer.disposition, payload.filename));
  res.status(status).type(payload.contentType).setHeader('Content-Length', payload.bytes.byteLength);
  res.end(payload.bytes);
}

/** Answers 304 when a GET's If-None-Match names `etag` (the caller's copy is current); whether it did. */
function notModified(req: Request, res: Response, etag: string, cacheControl: string): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !noneMatchHits(req.headers['if-none-match'], etag))
    return false;
  res.status(304).end();
  return true;
}

/**
 * Sets Last-Modified and answers 304 when a GET without If-None-Match (which takes precedence, RFC 9110
 * §13.2.2) sends an If-Modified-Since no older than `lastModified` at HTTP-date (whole second) precision.
 */
function notModifiedSince(req: Request, res: Response, lastModified: Date): boolean {
  res.setHeader('Last-Modified', lastModified.toUTCString());
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined || Number.isNaN(since)) return false;
  if (Math.floor(lastModified.getTime() / 1000) * 1000 > since) return false;
  res.status(304).end();
  return true;
}

function sendCachedJson(req: Request, res: Response, answer: CachedJsonAnswer, status: number, payload: unknown): void {
  const type = jsonMediaType(req);
  const body = Buffer.from(JSON.stringify(payload));
  // The tag names the representation, so each negotiated media type has its own (RFC 9110 §8.8.3).
  res.setHeader('Vary', 'Accept');
  if (notModified(req, res, strongETag(Buffer.concat([Buffer.from(`${type}\n`), body])), answer.cacheControl)) return;
  res.status(status).type(type).setHeader('Content-Length', body.byteLength);
  res.end(body);
}

/** Writes the row's success answer for `payload` (what `result` returned). */
export function sendAnswer(req: Request, res: Response, route: Route, status: number, payload: unknown): void {
  if (route.answer?.kind === 'binary') {
    sendBinary(req, res, route.answer, status, payload);
  } else if (route.answer?.kind === 'cached-json') {
    sendCachedJson(req, res, route.answer, status, payload);
  } else if (route.answer?.kind === 'redirect') {
    if (typeof payload !== 'string')
      throw new Error(`${req.method} ${req.path}: a redirect row's result is its Location`);
    res.status(status).setHeader('Location', payload);
    res.end();
  } else if (status === 204 || route.answer?.kind === 'empty') {
    res.status(status).end();
  } else {
    sendJson(req, res, status, payload);
  }
}
