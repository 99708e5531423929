/** The check-ins area: a consumer checks in with a campaign token, previews a campaign, lists their check-ins. */
import type { FacadeArea } from '../kernel/area.js';
import { checkInRoutes } from './checkins.routes.js';
import { CHECKIN_SCHEMAS } from './checkins.schemas.js';

export const checkinsArea: FacadeArea = {
  name: 'checkins',
  routes: checkInRoutes,
  schemas: CHECKIN_SCHEMAS,
};
