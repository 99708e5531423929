import type { Validation } from './errors.js';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
}

/**
 * Paging rules: values below 1 are a 400, values above the cap are clamped,
 * a page past the last is simply empty.
 */
export function pageRequest(
  page: number | null | undefined,
  pageSize: number | null | undefined,
  limits: { readonly defaultSize: number; readonly maxSize: number },
  validation: Validation,
): PageRequest {
  const p = page ?? 1;
  const size = Math.min(pageSize ?? limits.defaultSize, limits.maxSize);
  validation.check(p >= 1, 'page', 'must be 1 or more');
  validation.check(size >= 1, 'pageSize', 'must be 1 or more');
  return { page: p, pageSize: size, offset: (Math.max(p, 1) - 1) * Math.max(size, 1) };
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
