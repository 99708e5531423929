/** Validation of post content and list parameters (every rule a 400 naming its field). */
import { BadUserInputError, VALIDATION_FAILED_DETAIL, type Validation } from '../../kernel/errors.js';
import { AppPostStatus, POST_LIMITS } from './post.entity.js';

/** Posts per list: default and cap (posts take 100; above is clamped, below 1 is a 400). */
export const POST_TAKE = { default: 20, max: 100 } as const;

/** An HTML tag or comment: posts are plain text, so markup is refused rather than shown as text. */
const HTML_TAG = /<\/?[A-Za-z][^>]*>|<!--/;

/** `take` after the list rules. */
export function takeOf(take: number | null | undefined, validation: Validation): number {
  const value = Math.min(take ?? POST_TAKE.default, POST_TAKE.max);
  validation.check(value >= 1, 'take', 'must be 1 or more');
  return value;
}

/** The title trimmed, checked. */
export function checkTitle(title: string, validation: Validation): string {
  const trimmed = title.trim();
  validation.check(
    trimmed.length >= 1 && trimmed.length <= POST_LIMITS.title,
    'title',
    `must be 1 to ${POST_LIMITS.title} characters`,
  );
  return trimmed;
}

/** The body with line breaks normalized to LF and outer blank space removed, checked. */
export function checkBody(body: string, validation: Validation): string {
  const text = body.replace(/\r\n?/g, '\n').trim();
  validation
    .check(text.length >= 1 && text.length <= POST_LIMITS.body, 'body', `must be 1 to ${POST_LIMITS.body} characters`)
    .check(!HTML_TAG.test(text), 'body', 'must be plain text: HTML tags are not allowed');
  return text;
}

/** The image URL (https), or null for none (absent or empty). */
export function checkImageUrl(url: string | null | undefined, validation: Validation): string | null {
  const text = url?.trim() ?? '';
  if (text === '') return null;
  let https = false;
  try {
    https = new URL(text).protocol === 'https:';
  } catch {
    https = false;
  }
  validation.check(
    https && text.length <= POST_LIMITS.imageUrl,
    'imageUrl',
    `must be an https URL of at most ${POST_LIMITS.imageUrl} characters`,
  );
  return text;
}

/** An RFC 3339 date-time with a UTC offset (`2026-12-01T09:00:00+09:00`, `...Z`). */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A publishAt for scheduling: an RFC 3339 date-time, required, after `now`. It travels as a String,
 * not the DateTimeISO scalar: a bad scalar literal fails inside the subgraph's execution, where it is
 * no coded error (a 500), while text is checked here into a 400 naming the field.
 */
export function checkPublishAt(publishAt: string | null | undefined, now: Date, validation: Validation): Date | null {
  const time = publishAt != null && RFC_3339.test(publishAt) ? new Date(publishAt) : null;
  const valid = time !== null && !Number.isNaN(time.getTime());
  validation.check(valid && time > now, 'publishAt', 'must be an RFC 3339 date-time in the future');
  return valid ? time : null;
}

/**
 * The status a public list may show: only Published. Draft, Scheduled and Archived posts are the
 * business's own (read with appPosts and sns.content.read), so asking for them publicly is a 400
 * `status_not_public`; any other value is a 400 `validation_failed`.
 */
export function checkPublicStatus(status: string | null | undefined): void {
  if (status == null || status === (AppPostStatus.Published as string)) return;
  const known = (Object.values(AppPostStatus) as string[]).includes(status);
  throw new BadUserInputError(
    VALIDATION_FAILED_DETAIL,
    [
      {
        path: 'status',
        message: known
          ? 'only Published posts are public; Draft, Scheduled and Archived posts are read with the appPosts query (sns.content.read)'
          : 'must be Published',
      },
    ],
    known ? 'status_not_public' : 'validation_failed',
  );
}
