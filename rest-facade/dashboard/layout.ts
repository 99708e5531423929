/**
 * The frame of the dashboard's pages (insights and events): one inline stylesheet allowed by its hash, the page's one script
 * served from this origin (`/dashboard/events.js`), WebSocket connections to this origin and to the
 * gateway's public URL only, in a strict Content-Security-Policy; never cached, never framed.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Html, htmlDocument } from '../kernel/html.js';
import type { Locale } from '../kernel/locale.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP","Noto Sans JP",sans-serif;
background:#f4f6f5;color:#1b2421;line-height:1.6}
main{max-width:56rem;margin:1rem auto;padding:1.25rem;background:#fff;border-radius:12px;
box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0}
header{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between}
p{margin:.5rem 0}
.muted{color:#4a5652;font-size:.9rem}
.status{display:inline-block;font-size:.85rem;padding:.15rem .6rem;border-radius:999px;background:#eef0ef;color:#4a5652}
.status[data-state=live]{background:#e6efe9;color:#14522f}
.status[data-state=reconnecting],.status[data-state=connecting]{background:#fff4d6;color:#6b4d00}
.status[data-state=signedOut],.status[data-state=error]{background:#fdecea;color:#8a1c12}
fieldset{border:1px solid #c9d1ce;border-radius:8px;margin:.75rem 0;padding:.5rem .75rem}
fieldset label{display:inline-block;margin:.15rem .9rem .15rem 0;font-family:ui-monospace,monospace;font-size:.9rem}
ol.events{list-style:none;margin:0;padding:0}
li.event{border-top:1px solid #c9d1ce;padding:.6rem 0}
li.event .meta{display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap}
li.event .type{font-weight:700;font-family:ui-monospace,monospace}
li.event pre{margin:.35rem 0 0;padding:.5rem;background:#f4f6f5;border-radius:6px;overflow:auto;font-size:.85rem}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f3b7b0;border-radius:6px;padding:.6rem .8rem}
button{padding:.4rem .9rem;font-size:.95rem;border-radius:6px;border:1px solid #1d6f42;cursor:pointer;background:#fff;color:#1d6f42}
button:focus,input:focus{outline:3px solid #1d6f42;outline-offset:2px}
a{color:#1d6f42}
header form{display:inline;margin:0}
h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
nav.stores a,nav.stores strong{margin-right:.75rem}
dl.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.5rem;margin:0}
.tile{border:1px solid #c9d1ce;border-radius:8px;padding:.4rem .6rem}
.tile dt{font-size:.8rem;color:#4a5652}
.tile dd{margin:0;font-size:1.2rem;font-weight:700}
figure.chart{margin:1rem 0}
figure.chart figcaption{font-weight:700;margin-bottom:.25rem}
figure.chart svg{width:100%;height:auto;display:block}
.legend{font-weight:400;font-size:.85rem;margin-left:.75rem}
.legend[data-kind=bar]::before{content:"";display:inline-block;width:.8rem;height:.8rem;background:#1d6f42;margin-right:.3rem}
.legend[data-kind=line]::before{content:"";display:inline-block;width:.8rem;border-top:2px dashed #b5561c;margin-right:.3rem;vertical-align:middle}
figure.chart table{border-collapse:collapse;font-size:.85rem}
figure.chart th,figure.chart td{padding:.1rem .6rem;text-align:right;border-bottom:1px solid #dfe5e2}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
// Built outside the html`` templates: a formatter must not add whitespace inside it, or the hash breaks.
const STYLE_ELEMENT = new Html(`<style>${STYLE}</style>`);

/**
 * Headers of every page of /dashboard. `connectSources` are the origins the script may open
 * WebSockets to besides this one (the gateway's public URL); `script` allows the page's own script.
 */
export function setDashboardHeaders(
  res: Response,
  options: { script?: boolean; connectSources?: readonly string[] } = {},
): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  const script = options.script
    ? `script-src 'self'; connect-src ${["'self'", ...(options.connectSources ?? [])].join(' ')}; `
    : '';
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; ${script}style-src ${STYLE_HASH}; img-src 'self'; form-action 'self'; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  );
}

/** A whole document. */
export function dashboardDocument(locale: Locale, title: string, body: Html): string {
  return htmlDocument(locale, title, STYLE_ELEMENT, body);
}
