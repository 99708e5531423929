import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';

/** Webhook endpoints: reads for now; registration, test calls and delivery arrive with the webhooks issue. */
export class WebhookEndpointService {
  constructor(private readonly ctx: BaseContext) {}

  /** Endpoints by id, in no particular order; malformed ids match nothing. */
  findByIds(ids: readonly string[]): Promise<WebhookEndpoint[]> {
    return this.ctx.em.find(WebhookEndpoint, { id: { $in: ids.filter(isUuid) } });
  }
}
