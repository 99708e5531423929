/**
 * The coupon's outbox event (`coupon.published`, an advertising event of the webhook catalogue),
 * queued in the EntityManager of the change so it commits exactly when the coupon is published.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';
import type { Coupon } from './coupon.entity.js';

export function queueCouponPublished(em: EntityManager, coupon: Coupon, storeIds: readonly string[]): void {
  em.create(OutboxEvent, {
    type: 'coupon.published',
    businessAccountId: coupon.businessAccountId,
    payload: {
      couponId: coupon.id,
      storeIds: [...storeIds],
      title: coupon.title,
      validFrom: coupon.validFrom?.toISOString() ?? null,
      validTo: coupon.validTo?.toISOString() ?? null,
    },
  });
}
