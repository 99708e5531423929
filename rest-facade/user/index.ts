/** The user area: the consumer's own account, devices, budget, favorite stores and their coupons. */
import type { FacadeArea } from '../kernel/area.js';
import { favoriteCouponRoutes } from './favorite-coupon.routes.js';
import { FAVORITE_COUPON_SCHEMAS } from './favorite-coupon.schemas.js';
import { userRoutes } from './routes.js';
import { USER_SCHEMAS } from './schemas.js';

export const userArea: FacadeArea = {
  name: 'user',
  routes: [...userRoutes, ...favoriteCouponRoutes],
  schemas: { ...USER_SCHEMAS, ...FAVORITE_COUPON_SCHEMAS },
};
