import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { connectionOf, pageArgs, type Connection } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { managedBusiness } from '../ownership.js';
import { readProductList } from './product-list.js';
import { checkProductDraft, PRODUCT_LIMITS, type ProductDraft } from './product-validation.js';
import { Product, ProductStatus } from './product.entity.js';
import {
  ProductOrder,
  type CreateProductInput,
  type ProductFieldsInput,
  type ProductsArgs,
  type UpdateProductInput,
} from './product.input.js';

/** Scopes that let a business token see its own products when another subgraph references them. */
const REFERENCE_SCOPES = ['store.products.read', 'store.orders.read', 'store.inventory.read'];

export const productNotFound = () => new NotFoundError('No product of this business has this id.', 'product_not_found');
export const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');

/** `value` when the input has the field, else `current` (absent means unchanged, null clears). */
const given = <T>(input: object, field: string, value: T, current: T): T =>
  (input as Record<string, unknown>)[field] !== undefined ? value : current;

/**
 * The business whose records the caller manages with `scope`: a business token's own, or null for the
 * operator (every business).
 */
export function managerOf(principal: Principal, scope: string): string | null {
  if (principal.kind === 'operator') return null;
  return requireBusinessScope(principal, scope).businessAccountId;
}

/**
 * The product catalogue of a business (store.products.read / .write) and of the operator. A business
 * acts only on its own products and stores: anything else is answered as not found, never revealed.
 */
export class ProductService {
  constructor(private readonly ctx: BaseContext) {}

  /** A page of the caller's products, filtered by text, status and store. */
  async list(args: ProductsArgs): Promise<Connection<Product>> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.products.read');
    const orderBy = args.orderBy ?? ProductOrder.name;
    const v = new Validation();
    const page = pageArgs(args, orderBy === ProductOrder.name ? ['string', 'string'] : ['date', 'string'], v);
    const search = args.search?.trim() ?? null;
    v.check(search === null || search.length <= PRODUCT_LIMITS.searchTerm, 'search', 'must be at most 100 characters');
    // search_text joins its fields with U+001F, which the short-term index leaves out.
    v.check(search === null || ![...search].some((c) => c < ' '), 'search', 'must not contain control characters');
    v.throwIfInvalid();
    if (args.storeId) await this.storeOwner(args.storeId, businessAccountId);
    const rows = await readProductList((s) => this.ctx.em.execute(s.sql, [...s.params]), {
      businessAccountId,
      search: search || null,
      status: args.status ?? null,
      storeId: args.storeId ?? null,
      orderBy,
      after: page.after,
      limit: page.first + 1,
    });
    const products = rows.map((row) => this.ctx.em.map(Product, row));
    const keyOf = (p: Product) => (orderBy === ProductOrder.name ? [p.name, p.id] : [p.updatedAt, p.id]);
    return connectionOf(products, page.first, keyOf, page.after !== null);
  }

  /** One product of the caller's business; NOT_FOUND product_not_found otherwise. */
  get(id: string): Promise<Product> {
    return this.owned(id, managerOf(this.ctx.principal, 'store.products.read'));
  }

  /** The caller's product with this barcode; NOT_FOUND product_not_found when it has none. */
  async byBarcode(barcode: string): Promise<Product> {
    const businessAccountId = managerOf(this.ctx.principal, 'store.products.read');
    const product = /^\d{8,14}$/.test(barcode)
      ? await this.ctx.em.findOne(
          Product,
          { barcode, ...(businessAccountId ? { businessAccountId } : {}) },
          { orderBy: { id: 'asc' } },
        )
      : null;
    if (!product) throw productNotFound();
    return product;
  }

  /** Creates a product of the caller's business (the operator names the business). */
  async create(input: CreateProductInput): Promise<Product> {
    managerOf(this.ctx.principal, 'store.products.write');
    const businessAccountId = managedBusiness(this.ctx.principal, input.businessAccountId);
    const draft = draftOf(input, null, input);
    const v = new Validation();
    checkProductDraft(v, draft);
    v.throwIfInvalid();
    const product = this.ctx.em.create(Product, {
      businessAccountId,
      ...draft,
      imageUrls: [...draft.imageUrls],
      status: input.status ?? ProductStatus.active,
      allowsBackorder: input.allowsBackorder ?? false,
    });
    await this.save();
    return product;
  }

  /** Changes the fields given; SKU and barcode stay unique within the business. */
  async update(input: UpdateProductInput): Promise<Product> {
    const product = await this.owned(input.id, managerOf(this.ctx.principal, 'store.products.write'));
    const v = new Validation();
    for (const field of ['sku', 'name', 'priceAmount', 'taxRate'] as const)
      v.check(input[field] !== null, field, 'must not be null');
    const draft = draftOf(input, product, {
      sku: input.sku ?? product.sku,
      name: input.name ?? product.name,
      priceAmount: input.priceAmount ?? product.priceAmount,
      taxRate: input.taxRate ?? product.taxRate,
    });
    checkProductDraft(v, draft);
    v.throwIfInvalid();
    this.ctx.em.assign(product, {
      ...draft,
      imageUrls: [...draft.imageUrls],
      status: input.status ?? product.status,
      allowsBackorder: input.allowsBackorder ?? product.allowsBackorder,
    });
    await this.save();
    return product;
  }

  /** Withdraws the product (idempotent); its stock and history stay. */
  async archive(id: string): Promise<Product> {
    const product = await this.owned(id, managerOf(this.ctx.principal, 'store.products.write'));
    product.status = ProductStatus.archived;
    await this.ctx.em.flush();
    return product;
  }

  /** Makes the product available (or not) at a store of its own business. */
  async setAvailability(productId: string, storeId: string, available: boolean): Promise<Product> {
    const product = await this.owned(productId, managerOf(this.ctx.principal, 'store.products.write'));
    if ((await this.storeOwner(storeId, product.businessAccountId)) !== product.businessAccountId)
      throw storeNotFound();
    await this.ctx.em.execute(
      available
        ? 'insert into "product_store" ("product_id", "store_id") values (?, ?) on conflict do nothing'
        : 'delete from "product_store" where "product_id" = ? and "store_id" = ?',
      [product.id, storeId],
      'run',
    );
    return product;
  }

  /** Whether the caller may see `product` through a federated reference (null: not visible). */
  visibleReference(product: Product | null): Product | null {
    const caller = this.ctx.principal;
    if (!product) return null;
    if (caller.kind === 'operator') return product;
    if (caller.kind !== 'business' || caller.businessAccountId !== product.businessAccountId) return null;
    return REFERENCE_SCOPES.some((scope) => caller.scopes.has(scope)) ? product : null;
  }

  private async owned(id: string, businessAccountId: string | null): Promise<Product> {
    const product = isUuid(id)
      ? await this.ctx.em.findOne(Product, { id, ...(businessAccountId ? { businessAccountId } : {}) })
      : null;
    if (!product) throw productNotFound();
    return product;
  }

  /** The business owning `storeId`, which must be `businessAccountId`'s (any, for null); else store_not_found. */
  private async storeOwner(storeId: string, businessAccountId: string | null): Promise<string> {
    const [row] = isUuid(storeId)
      ? await this.ctx.em.execute<{ business_account_id: string }[]>(
          'select "business_account_id" from "store" where "id" = ?',
          [storeId],
        )
      : [];
    if (!row || (businessAccountId && row.business_account_id !== businessAccountId)) throw storeNotFound();
    return row.business_account_id;
  }

  private async save(): Promise<void> {
    try {
      await this.ctx.em.flush();
    } catch (error) {
      // The operator named a business account that does not exist (a business token's own always does).
      if (error instanceof ForeignKeyConstraintViolationException) {
        this.ctx.em.clear();
        throw new NotFoundError('No business account has this id.', 'business_not_found');
      }
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.ctx.em.clear();
      throw /barcode/.test(error.message)
        ? new ConflictError('Another product of this business has this barcode.', 'barcode_taken')
        : new ConflictError('Another product of this business has this SKU.', 'sku_taken');
    }
  }
}

/** The product's fields after the input: new values where given, else `current`'s (or the defaults). */
function draftOf(
  input: ProductFieldsInput,
  current: Product | null,
  required: Pick<ProductDraft, 'sku' | 'name' | 'priceAmount' | 'taxRate'>,
): ProductDraft {
  const keep = <T>(field: keyof ProductFieldsInput, value: T, old: T): T => given(input, field, value, old);
  return {
    sku: required.sku.trim(),
    name: required.name.trim(),
    priceAmount: required.priceAmount,
    taxRate: required.taxRate,
    barcode: keep('barcode', input.barcode?.trim() || null, current?.barcode ?? null),
    nameKana: keep('nameKana', input.nameKana?.trim() ?? '', current?.nameKana ?? ''),
    description: keep('description', input.description?.trim() ?? '', current?.description ?? ''),
    currency: keep('currency', input.currency?.trim().toUpperCase() || 'JPY', current?.currency ?? 'JPY'),
    imageUrls: keep('imageUrls', input.imageUrls?.map((url) => url.trim()) ?? [], current?.imageUrls ?? []),
  };
}
