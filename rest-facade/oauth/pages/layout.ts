/**
 * The HTML frame of the authorization pages: escaping, one inline stylesheet allowed by its hash in
 * a strict Content-Security-Policy (no script at all), and the headers every page carries.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Html, htmlDocument } from '../../kernel/html.js';
import type { Locale } from '../../kernel/locale.js';

export { escapeHtml, Html, html } from '../../kernel/html.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP","Noto Sans JP",sans-serif;
background:#f4f6f5;color:#1b2421;line-height:1.6}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;
box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:.5rem 0}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=password],select{width:100%;padding:.6rem;font-size:1rem;border:1px solid #8a9490;
border-radius:6px}
input:focus,select:focus,button:focus{outline:3px solid #1d6f42;outline-offset:2px}
.hint{font-size:.85rem;color:#4a5652;margin:.25rem 0 0}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f3b7b0;border-radius:6px;padding:.6rem .8rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.7rem 1rem;font-size:1rem;border-radius:6px;border:1px solid #1d6f42;cursor:pointer}
button.primary{background:#1d6f42;color:#fff}
button.secondary{background:#fff;color:#1d6f42}
button.link{flex:none;border:none;background:none;color:#1d6f42;text-decoration:underline;padding:0;font-size:.9rem}
ul.scopes{padding-left:1.2rem}
ul.scopes li{margin:.35rem 0}
.scope-name{display:block;font-size:.8rem;color:#4a5652;font-family:ui-monospace,monospace}
.badge{display:inline-block;font-size:.8rem;padding:.1rem .5rem;border-radius:999px;background:#e6efe9;color:#1d6f42}
.muted{color:#4a5652;font-size:.9rem}
a{color:#1d6f42}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
// Built outside the html`` templates: a formatter must not add whitespace inside it, or the hash breaks.
const STYLE_ELEMENT = new Html(`<style>${STYLE}</style>`);

/**
 * Headers of every page: never cached, never framed, no script, forms only to this site and to the
 * origin the browser is finally sent to (Chromium applies form-action to the redirects after a POST).
 */
export function setPageHeaders(res: Response, formTargets: readonly string[] = []): void {
  const formAction = ["'self'", ...formTargets].join(' ');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; form-action ${formAction}; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  );
}

/** A CSP source for where a redirect URI points: its origin, or its scheme for a private-use one. */
export function cspSourceOf(redirectUri: string): string | undefined {
  try {
    const url = new URL(redirectUri);
    const origin = url.origin;
    const source = origin !== 'null' ? origin : url.protocol;
    return /^[A-Za-z0-9+.:/\-[\]]+$/.test(source) ? source : undefined;
  } catch {
    return undefined;
  }
}

/** A whole document. */
export function page(locale: Locale, title: string, body: Html): string {
  return htmlDocument(locale, title, STYLE_ELEMENT, body);
}
