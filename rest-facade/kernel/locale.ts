/** The languages of the facade's browser pages and the choice between them. */

/** The languages of the pages; Japanese is the default. */
export type Locale = 'ja' | 'en';

/**
 * The page language from `Accept-Language` (RFC 9110 §12.5.4): the highest-q range that matches ja
 * or en (by primary subtag; `*` means ja); ja when nothing matches.
 */
export function negotiateLocale(header: string | undefined): Locale {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: range.split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.primary === 'ja' || r.primary === 'en' || r.primary === '*'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranges[0]?.primary;
  return best === 'en' ? 'en' : 'ja';
}
