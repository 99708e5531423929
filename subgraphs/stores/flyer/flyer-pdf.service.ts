import type { BinaryFile } from '../../kernel/binary-file.type.js';
import type { BaseContext } from '../../kernel/context.js';
import { Product } from '../product/product.entity.js';
import { Store } from '../store/store.entity.js';
import { renderFlyerPdf, type FlyerPdfItem } from './flyer-pdf.js';
import { FlyerItem, FlyerPage } from './flyer.entity.js';
import type { FlyerService } from './flyer.service.js';

/**
 * The printable PDF of a flyer (store.flyers.read): a business prints its own flyers in any status
 * (a draft to proofread, a published one for the counter); another business's is NOT_FOUND.
 */
export class FlyerPdfService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly flyers: FlyerService,
  ) {}

  /** The flyer as an A4 PDF (flyer-pdf.ts); NOT_FOUND flyer_not_found when the caller may not read it. */
  async pdf(id: string): Promise<BinaryFile> {
    // The scope and the caller's business first (FlyerService.get), then the parts.
    const flyer = await this.flyers.get(id);
    const em = this.ctx.em;
    const [store, pages, items] = await Promise.all([
      em.findOne(Store, { id: flyer.storeId }),
      em.find(FlyerPage, { flyerId: flyer.id }, { orderBy: { position: 'asc' } }),
      em.find(FlyerItem, { flyerId: flyer.id }, { orderBy: { position: 'asc' } }),
    ]);
    const productIds = [...new Set(items.map((item) => item.productId))];
    const products = new Map(
      (productIds.length ? await em.find(Product, { id: { $in: productIds } }) : []).map((p) => [p.id, p]),
    );
    const printed = items.map((item): FlyerPdfItem => {
      const product = products.get(item.productId);
      return {
        name: product?.name ?? null,
        regularPriceAmount: product?.priceAmount ?? null,
        regularCurrency: product?.currency ?? null,
        salePriceAmount: item.salePriceAmount,
        currency: item.currency,
        note: item.note ?? null,
      };
    });
    const bytes = await renderFlyerPdf({
      title: flyer.title,
      description: flyer.description,
      storeName: store?.name ?? '',
      validFrom: flyer.validFrom,
      validTo: flyer.validTo,
      pages: pages.map((page) => ({ imageUrl: page.imageUrl, caption: page.caption ?? null })),
      items: printed,
      createdAt: flyer.updatedAt,
    });
    return { contentType: 'application/pdf', base64: bytes.toString('base64'), filename: `flyer-${flyer.id}.pdf` };
  }
}
