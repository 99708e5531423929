/** Reading the cookies of a browser request (the facade's pages). */
import type { Request } from 'express';

/** The cookies of a request (first value of each name). */
export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // a malformed value is no credential
    }
  }
  return out;
}
