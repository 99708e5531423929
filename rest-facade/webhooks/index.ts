/** The webhooks area: a business registers, lists, reads, tests and deletes its outbound webhook endpoints. */
import type { FacadeArea } from '../kernel/area.js';
import { webhookRoutes } from './webhooks.routes.js';
import { WEBHOOK_SCHEMAS } from './webhooks.schemas.js';

export const webhooksArea: FacadeArea = {
  name: 'webhooks',
  routes: webhookRoutes,
  schemas: WEBHOOK_SCHEMAS,
};
