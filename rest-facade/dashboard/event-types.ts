/** The event types the page's filter offers: the one catalogue (subgraphs/kernel/events/catalogue.ts). */
export const DASHBOARD_EVENT_TYPES: readonly string[] = [
  'purchase.completed',
  'receipt.claimed',
  'order.created',
  'order.shipped',
  'inventory.updated',
  'checkin.recorded',
  'survey.submitted',
  'app.uninstalled',
  'post.published',
  'coupon.published',
  'flyer.published',
  'customer.updated',
  'webhook.test',
];
