/**
 * The event types the page's filter offers: those of the one catalogue of the event pipeline whose read
 * scope the dashboard's grant holds (the subscription sends no other type, and refuses asking for one).
 */
import { receivableEventTypes } from '../../subgraphs/kernel/events/catalogue.js';
import { DASHBOARD_SCOPES } from './scopes.js';

export const DASHBOARD_EVENT_TYPES: readonly string[] = receivableEventTypes(new Set(DASHBOARD_SCOPES));
