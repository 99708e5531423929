/**
 * Server-rendered HTML for the facade's browser pages (authorization pages, receipt pages): escaping
 * and a tagged template that escapes every interpolated value.
 */

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A tagged template that escapes every interpolated value unless it is already {@link Html}. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = string | Html | readonly Html[] | null | undefined | false;

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    if (Array.isArray(part)) out += part.map((p: Html) => p.value).join('');
    else if (part instanceof Html) out += part.value;
    else if (typeof part === 'string') out += escapeHtml(part);
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

/**
 * A whole page of the facade: phone-sized, no referrer sent, kept out of search indexes, one inline
 * stylesheet (`style`, allowed by its hash in the page's Content-Security-Policy) and `body` in `<main>`.
 */
export function htmlDocument(locale: string, title: string, style: Html, body: Html): string {
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        ${style}
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value;
}
