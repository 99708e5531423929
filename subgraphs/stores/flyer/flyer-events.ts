/**
 * The `flyer.published` outbox event, written with the EntityManager of the change's own transaction
 * so the event commits exactly when the flyer becomes published (by publishFlyer or the job).
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { OutboxEvent } from '../../kernel/events/outbox-event.entity.js';

export const FLYER_PUBLISHED = 'flyer.published';

/** What the event says about the flyer. */
export interface PublishedFlyer {
  readonly id: string;
  readonly businessAccountId: string;
  readonly storeId: string;
  readonly title: string;
  readonly validFrom: Date;
  readonly validTo: Date;
}

/** Queues `flyer.published` in `em`'s transaction (flushed with it). */
export function queueFlyerPublished(em: EntityManager, flyer: PublishedFlyer): void {
  em.create(OutboxEvent, {
    type: FLYER_PUBLISHED,
    businessAccountId: flyer.businessAccountId,
    payload: {
      flyerId: flyer.id,
      storeId: flyer.storeId,
      title: flyer.title,
      validFrom: flyer.validFrom.toISOString(),
      validTo: flyer.validTo.toISOString(),
    },
  });
}
