/** The event types the page's filter offers: the one catalogue of the event pipeline. */
import { EVENT_TYPE_NAMES } from '../../subgraphs/kernel/events/catalogue.js';

export const DASHBOARD_EVENT_TYPES: readonly string[] = EVENT_TYPE_NAMES;
