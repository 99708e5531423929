import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { BadUserInputError, ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import type { ShopAppService } from '../shop-app/shop-app.service.js';
import type { CreateAppPageInput, UpdateAppPageInput } from './app-page.input.js';
import { AppPage, PAGE } from './app-page.entity.js';
import { sanitizePageBody } from './page.sanitizer.js';

const MAX_POSITION = 10_000;
const pageNotFound = () => new NotFoundError('The app has no such page.', 'page_not_found');
const slugTaken = () => new ConflictError('Another page of the app has this slug.', 'slug_taken');
const ORDER = { position: 'asc', slug: 'asc' } as const;

/**
 * Pages of shop apps: management by the app's business or the operator (ownership through
 * {@link ShopAppService.getManaged}), and the public reads of published pages.
 */
export class AppPageService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly apps: ShopAppService,
  ) {}

  /** Published pages of the app, by position then slug, at most {@link PAGE.perApp}: two queries. */
  async listPublished(shopId: string): Promise<AppPage[]> {
    const app = await this.apps.getByShopId(shopId);
    return this.ctx.em.find(AppPage, { shopAppId: app.id, published: true }, { orderBy: ORDER, limit: PAGE.perApp });
  }

  /** The published page `slug` of the app; NOT_FOUND `page_not_found` when missing or unpublished. */
  async getPublished(shopId: string, slug: string): Promise<AppPage> {
    const app = await this.apps.getByShopId(shopId);
    const page = PAGE.slug.test(slug) ? await this.ctx.em.findOne(AppPage, { shopAppId: app.id, slug }) : null;
    if (!page?.published) throw pageNotFound();
    return page;
  }

  /** Every page of an app the caller manages, published or not, by position then slug. */
  async listManaged(shopId: string): Promise<AppPage[]> {
    const app = await this.apps.getManaged(shopId);
    return this.ctx.em.find(AppPage, { shopAppId: app.id }, { orderBy: ORDER, limit: PAGE.perApp });
  }

  async create(shopId: string, input: CreateAppPageInput): Promise<AppPage> {
    const app = await this.apps.getManaged(shopId);
    const v = new Validation();
    const fields = checkFields(v, input);
    v.check(input.slug !== undefined && PAGE.slug.test(input.slug), 'slug', 'must be 1 to 64 of a-z 0-9 -');
    v.throwIfInvalid();
    const count = await this.ctx.em.count(AppPage, { shopAppId: app.id });
    if (count >= PAGE.perApp)
      throw new BadUserInputError(`An app has at most ${PAGE.perApp} pages.`, [], 'too_many_pages');
    const last = await this.ctx.em.findOne(AppPage, { shopAppId: app.id }, { orderBy: { position: 'desc' } });
    const published = input.published === true;
    return this.save(() =>
      this.ctx.em.create(AppPage, {
        shopAppId: app.id,
        slug: input.slug,
        title: fields.title ?? '',
        body: fields.body ?? '',
        published,
        publishedAt: published ? new Date() : null,
        position: fields.position ?? Math.min(MAX_POSITION, (last?.position ?? -1) + 1),
      }),
    );
  }

  async update(shopId: string, slug: string, input: UpdateAppPageInput): Promise<AppPage> {
    const page = await this.getManaged(shopId, slug);
    const v = new Validation();
    const fields = checkFields(v, input);
    if (input.slug !== null && input.slug !== undefined)
      v.check(PAGE.slug.test(input.slug), 'slug', 'must be 1 to 64 of a-z 0-9 -');
    v.throwIfInvalid();
    return this.save(() => this.ctx.em.assign(page, { ...fields, ...(input.slug ? { slug: input.slug } : {}) }));
  }

  /** Shows the page publicly; publishedAt is set when it goes from unpublished to published. */
  async setPublished(shopId: string, slug: string, published: boolean): Promise<AppPage> {
    const page = await this.getManaged(shopId, slug);
    if (page.published !== published)
      this.ctx.em.assign(page, { published, publishedAt: published ? new Date() : null });
    await this.ctx.em.flush();
    return page;
  }

  async delete(shopId: string, slug: string): Promise<boolean> {
    const page = await this.getManaged(shopId, slug);
    await this.ctx.em.remove(page).flush();
    return true;
  }

  private async getManaged(shopId: string, slug: string): Promise<AppPage> {
    const app = await this.apps.getManaged(shopId);
    const page = PAGE.slug.test(slug) ? await this.ctx.em.findOne(AppPage, { shopAppId: app.id, slug }) : null;
    if (!page) throw pageNotFound();
    return page;
  }

  private save(change: () => AppPage): Promise<AppPage> {
    return withConstraintErrors({ unique: slugTaken }, async () => {
      const page = change();
      await this.ctx.em.flush();
      return page;
    });
  }
}

/** Checks title, body and position when given; the body comes back sanitized. */
function checkFields(
  v: Validation,
  input: { title?: string | null; body?: string | null; position?: number | null },
): Partial<Pick<AppPage, 'title' | 'body' | 'position'>> {
  const out: Partial<Pick<AppPage, 'title' | 'body' | 'position'>> = {};
  if (input.title !== null && input.title !== undefined) {
    out.title = input.title.trim();
    v.check(out.title.length >= 1 && [...out.title].length <= PAGE.titleMax, 'title', 'must be 1 to 200 characters');
  }
  if (input.body !== null && input.body !== undefined) {
    v.check(input.body.length <= PAGE.bodyMax, 'body', `at most ${PAGE.bodyMax} characters`);
    out.body = input.body.length <= PAGE.bodyMax ? sanitizePageBody(input.body) : '';
  }
  if (input.position !== null && input.position !== undefined) {
    out.position = input.position;
    v.check(input.position >= 0 && input.position <= MAX_POSITION, 'position', `must be 0 to ${MAX_POSITION}`);
  }
  return out;
}
