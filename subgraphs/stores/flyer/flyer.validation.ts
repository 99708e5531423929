/**
 * The rules of a flyer's fields, checked on the flyer as it would be after a create or an update, so
 * every field error is named at once.
 */
import { isUuid } from '../../kernel/db/uuid.js';
import type { Validation } from '../../kernel/errors.js';
import { FLYER_LIMITS } from './flyer.entity.js';
import type { FlyerItemInput, FlyerPageInput } from './flyer.input.js';

/** A flyer's own fields after trimming. */
export interface FlyerDraft {
  readonly title: string;
  readonly description: string;
  readonly validFrom: Date;
  readonly validTo: Date;
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const trimmedOrNull = (text: string | null | undefined) => text?.trim() || null;

/** Checks title, description and the validity window. */
export function checkFlyerDraft(v: Validation, draft: FlyerDraft): void {
  const titleLength = [...draft.title].length;
  v.check(titleLength >= 1 && titleLength <= FLYER_LIMITS.title, 'title', 'must be 1 to 200 characters');
  v.check([...draft.description].length <= FLYER_LIMITS.description, 'description', 'at most 2000 characters');
  v.check(draft.validTo > draft.validFrom, 'validTo', 'must be after validFrom');
}

/** Checks the pages; their stored shape, in order. */
export function checkPages(v: Validation, pages: readonly FlyerPageInput[]) {
  v.check(pages.length <= FLYER_LIMITS.pages, 'pages', `at most ${FLYER_LIMITS.pages} pages`);
  return pages.map((page, position) => {
    const imageUrl = page.imageUrl.trim();
    const caption = trimmedOrNull(page.caption);
    v.check(
      imageUrl.length <= FLYER_LIMITS.imageUrl && isHttpsUrl(imageUrl),
      `pages.${position}.imageUrl`,
      'must be an https URL of at most 2048 characters',
    );
    v.check(
      caption === null || [...caption].length <= FLYER_LIMITS.caption,
      `pages.${position}.caption`,
      'at most 200 characters',
    );
    return { position, imageUrl, caption };
  });
}

/** Checks the items (not yet that their products are the business's); their stored shape, in order. */
export function checkItems(v: Validation, items: readonly FlyerItemInput[]) {
  v.check(items.length <= FLYER_LIMITS.items, 'items', `at most ${FLYER_LIMITS.items} items`);
  return items.map((item, position) => {
    const note = trimmedOrNull(item.note);
    v.check(isUuid(item.productId), `items.${position}.productId`, 'must be a product id');
    v.check(
      Number.isInteger(item.salePriceAmount) &&
        item.salePriceAmount >= 0 &&
        item.salePriceAmount <= FLYER_LIMITS.salePrice,
      `items.${position}.salePriceAmount`,
      `must be an integer from 0 to ${FLYER_LIMITS.salePrice}`,
    );
    v.check(note === null || [...note].length <= FLYER_LIMITS.note, `items.${position}.note`, 'at most 200 characters');
    return { position, productId: item.productId, salePriceAmount: item.salePriceAmount, note };
  });
}

/** A checked page or item, as stored. */
export type PageRow = ReturnType<typeof checkPages>[number];
export type ItemRow = ReturnType<typeof checkItems>[number];
