/** Who may call each root operation of the engagement subgraph (combined by the kernel's access table). */
import { PUBLIC, type AccessTable } from '../kernel/auth/operation-access.js';

export const ENGAGEMENT_ACCESS: AccessTable = {
  // Campaign previews by token (the engagement issue decides their final rules).
  'Query.checkInCampaign': PUBLIC,
  'Query.surveyCampaign': PUBLIC,
};
