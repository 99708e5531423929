/**
 * The wallet area: wallet passes (Apple Wallet `.pkpass`, Google Wallet save links), wallet push and
 * notification tokens under /api/v1/apps/{shopId}/, and Apple Wallet's pass web service.
 */
import type { FacadeArea } from '../kernel/area.js';
import { appleRoutes, appleSchemas } from './apple.routes.js';
import { googlePushRoutes, googlePushSchemas } from './google-push.routes.js';
import { tokensRoutes, tokensSchemas } from './tokens.routes.js';

export const walletArea: FacadeArea = {
  name: 'wallet',
  routes: [...appleRoutes, ...googlePushRoutes, ...tokensRoutes],
  schemas: { ...appleSchemas, ...googlePushSchemas, ...tokensSchemas },
};
