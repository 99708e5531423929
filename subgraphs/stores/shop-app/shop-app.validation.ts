/**
 * Checks of what a business writes into its shop app (identity, theme, navigation, platforms). Each
 * returns the cleaned value and records failures in a {@link Validation} under the input's field path.
 */
import type { Validation } from '../../kernel/errors.js';
import {
  FONT_FAMILIES,
  NAVIGATION_TARGETS,
  TEMPLATE_NAMES,
  THEME_KEYS,
  type NavigationItem,
  type NavigationTarget,
} from './app-template.js';
import type { AppNavigationItemInput, AppPlatformsInput, AppThemeInput } from './shop-app.input.js';

export const COLOUR = /^#[0-9A-Fa-f]{6}$/;
export const SLUG = /^[a-z0-9-]{1,64}$/;
export const MAX_NAVIGATION = 12;
const MESSAGING_APP_ID = /^[0-9]{10}-[A-Za-z0-9]{8}$/;
const IOS_APP_STORE_ID = /^[0-9]{1,15}$/;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** Whether `value` is an absolute https URL of at most 2048 characters. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function checkTemplate(v: Validation, template: string): string {
  v.check(TEMPLATE_NAMES.includes(template), 'template', `must be one of ${TEMPLATE_NAMES.join(', ')}`);
  return template;
}

/** The stored overrides: only the keys given (non-null), colours upper-cased. */
export function checkTheme(v: Validation, theme: AppThemeInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of THEME_KEYS) {
    const value = theme[key];
    if (value === null || value === undefined) continue;
    if (key === 'fontFamily')
      v.check(
        (FONT_FAMILIES as readonly string[]).includes(value),
        `theme.${key}`,
        `must be one of ${FONT_FAMILIES.join(', ')}`,
      );
    else v.check(COLOUR.test(value), `theme.${key}`, 'must be a colour #RRGGBB');
    out[key] = key === 'fontFamily' ? value : value.toUpperCase();
  }
  return out;
}

export function checkNavigation(v: Validation, items: readonly AppNavigationItemInput[]): NavigationItem[] {
  v.check(items.length <= MAX_NAVIGATION, 'navigation', `at most ${MAX_NAVIGATION} items`);
  return items.slice(0, MAX_NAVIGATION).map((input, i) => {
    const path = `navigation.${i}`;
    const label = input.label.trim();
    v.check(label.length >= 1 && [...label].length <= 30, `${path}.label`, 'must be 1 to 30 characters');
    const known = (NAVIGATION_TARGETS as readonly string[]).includes(input.target);
    v.check(known, `${path}.target`, `must be one of ${NAVIGATION_TARGETS.join(', ')}`);
    const slug = input.target === 'page' ? (input.slug ?? '') : null;
    const url = input.target === 'url' ? (input.url ?? '') : null;
    if (slug !== null) v.check(SLUG.test(slug), `${path}.slug`, 'required for page: 1 to 64 of a-z 0-9 -');
    else v.check(input.slug === null || input.slug === undefined, `${path}.slug`, 'only for target page');
    if (url !== null) v.check(isHttpsUrl(url), `${path}.url`, 'required for url: an https URL of at most 2048');
    else v.check(input.url === null || input.url === undefined, `${path}.url`, 'only for target url');
    return { label, target: input.target as NavigationTarget, slug, url };
  });
}

export function checkPlatforms(v: Validation, platforms: AppPlatformsInput): Record<string, string> {
  const rules = {
    messagingAppId: [MESSAGING_APP_ID, 'must be a LIFF id: 10 digits, a dash, 8 letters or digits'],
    iosAppStoreId: [IOS_APP_STORE_ID, 'must be 1 to 15 digits'],
    androidPackageName: [ANDROID_PACKAGE, 'must be a reverse-DNS package name (com.example.app), at most 150'],
  } as const;
  const out: Record<string, string> = {};
  for (const [key, [pattern, message]] of Object.entries(rules)) {
    const value = platforms[key as keyof typeof rules];
    if (value === null || value === undefined) continue;
    v.check(value.length <= 150 && pattern.test(value), `platforms.${key}`, message);
    out[key] = value;
  }
  return out;
}
