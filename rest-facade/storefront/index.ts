/** The storefront area: the six inbound storefront webhook paths (anchor: Shopify). */
import type { FacadeArea } from '../kernel/area.js';
import { storefrontRoutes } from './storefront.routes.js';

export const storefrontArea: FacadeArea = {
  name: 'storefront',
  routes: storefrontRoutes,
  schemas: {},
};
