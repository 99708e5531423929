/**
 * The rich text of app pages is HTML a business writes and every consumer's app shows, so it is
 * sanitized on write with sanitize-html and an allow-list: text structure, links (http, https,
 * mailto), https images and simple tables. Scripts, styles, event handlers, iframes, forms and every
 * other tag or attribute are removed (script and style with their content).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the app: no referrer, no access to the opener, no endorsement.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** The page body as it is stored and shown: `html` reduced to the allow-list. */
export function sanitizePageBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
