/**
 * The frame of the receipt pages (the pages the receipt QR codes open): phone-sized, one inline
 * stylesheet allowed by its hash in a strict Content-Security-Policy, no script at all.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Html, htmlDocument } from '../../kernel/html.js';
import type { Locale } from '../../kernel/locale.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP","Noto Sans JP",sans-serif;
background:#f4f6f5;color:#1b2421;line-height:1.6}
main{max-width:26rem;margin:1rem auto;padding:1.25rem;background:#fff;border-radius:12px;
box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:0}
p{margin:.5rem 0}
.store{font-weight:700;font-size:1.15rem}
.muted{color:#4a5652;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin:.75rem 0}
td,th{padding:.3rem 0;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap;padding-left:.75rem}
tbody tr{border-bottom:1px dashed #c9d1ce}
tfoot th,tfoot td{padding-top:.4rem}
tr.total th,tr.total td{font-size:1.2rem;font-weight:700;border-top:2px solid #1b2421}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f3b7b0;border-radius:6px;padding:.6rem .8rem}
.done{background:#e6efe9;color:#14522f;border:1px solid #b5d3c0;border-radius:6px;padding:.6rem .8rem}
button{width:100%;padding:.8rem 1rem;font-size:1.05rem;border-radius:8px;border:1px solid #1d6f42;cursor:pointer;
background:#1d6f42;color:#fff;margin-top:.75rem}
button:focus{outline:3px solid #1d6f42;outline-offset:2px}
a{color:#1d6f42}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
// Built outside the html`` templates: a formatter must not add whitespace inside it, or the hash breaks.
const STYLE_ELEMENT = new Html(`<style>${STYLE}</style>`);

/**
 * Headers of every receipt page: never cached (a page may carry a claim token), never framed, no
 * script, forms only to this site and to the sign-in the claim button is sent on to (same origin).
 */
export function setReceiptPageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; form-action 'self'; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  );
}

/** A whole document. */
export function receiptDocument(locale: Locale, title: string, body: Html): string {
  return htmlDocument(locale, title, STYLE_ELEMENT, body);
}
