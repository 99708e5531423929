/**
 * The template vocabulary of shop apps: each template has default theme colours and a default
 * navigation. An app's `theme` column holds overrides of the template's colours; its `navigation`
 * column holds its own items, or nothing (then the template's default applies).
 */

/** Font families an app may choose (the consumer app maps each to a platform font). */
export const FONT_FAMILIES = ['system', 'sans-serif', 'serif', 'rounded'] as const;

/** The resolved theme of an app: every colour #RRGGBB. */
export interface ResolvedTheme {
  primaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  fontFamily: string;
}

/** Theme colour keys an app may override. */
export const THEME_KEYS = ['primaryColor', 'accentColor', 'backgroundColor', 'textColor', 'fontFamily'] as const;

/** What a navigation item opens. */
export const NAVIGATION_TARGETS = [
  'home',
  'pages',
  'page',
  'posts',
  'coupons',
  'business-info',
  'membership-card',
  'url',
] as const;
export type NavigationTarget = (typeof NAVIGATION_TARGETS)[number];

/** A navigation item as stored and answered: `slug` for a page, `url` for a url, else both null. */
export interface NavigationItem {
  label: string;
  target: NavigationTarget;
  slug: string | null;
  url: string | null;
}

interface TemplateDefaults {
  readonly theme: ResolvedTheme;
  readonly navigation: readonly NavigationItem[];
}

const item = (label: string, target: NavigationTarget): NavigationItem => ({ label, target, slug: null, url: null });

/** Every template with its defaults; `standard` is the default template of a new app. */
export const TEMPLATES: Readonly<Record<string, TemplateDefaults>> = {
  standard: {
    theme: {
      primaryColor: '#E4572E',
      accentColor: '#F3A712',
      backgroundColor: '#FFFFFF',
      textColor: '#1F2933',
      fontFamily: 'system',
    },
    navigation: [
      item('ホーム', 'home'),
      item('お知らせ', 'posts'),
      item('クーポン', 'coupons'),
      item('会員証', 'membership-card'),
      item('店舗情報', 'business-info'),
    ],
  },
  minimal: {
    theme: {
      primaryColor: '#222222',
      accentColor: '#888888',
      backgroundColor: '#FFFFFF',
      textColor: '#222222',
      fontFamily: 'sans-serif',
    },
    navigation: [item('ホーム', 'home'), item('ページ', 'pages'), item('店舗情報', 'business-info')],
  },
  grid: {
    theme: {
      primaryColor: '#2E86AB',
      accentColor: '#F18F01',
      backgroundColor: '#F7F7F7',
      textColor: '#1B1B1B',
      fontFamily: 'rounded',
    },
    navigation: [
      item('ホーム', 'home'),
      item('お知らせ', 'posts'),
      item('ページ', 'pages'),
      item('クーポン', 'coupons'),
      item('会員証', 'membership-card'),
      item('店舗情報', 'business-info'),
    ],
  },
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

function defaultsOf(template: string): TemplateDefaults {
  // A template name is validated where it is written; an unknown one (never stored) reads as standard.
  return TEMPLATES[template] ?? (TEMPLATES.standard as TemplateDefaults);
}

/** The theme an app shows: its template's defaults overlaid with its overrides. */
export function resolveTheme(template: string, overrides: Readonly<Record<string, unknown>>): ResolvedTheme {
  const theme = { ...defaultsOf(template).theme };
  for (const key of THEME_KEYS) {
    const value = overrides[key];
    if (typeof value === 'string') theme[key] = value;
  }
  return theme;
}

/** The navigation an app shows: its own items, or its template's default when it has none. */
export function resolveNavigation(template: string, own: readonly unknown[]): NavigationItem[] {
  return (own.length > 0 ? (own as NavigationItem[]) : defaultsOf(template).navigation).map((entry) => ({
    ...entry,
  }));
}
