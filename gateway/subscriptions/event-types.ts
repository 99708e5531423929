/**
 * Which event types a subscription may ask for: the one catalogue of the event pipeline
 * (subgraphs/kernel/events/catalogue.ts), shared with webhook registration.
 */
import { EVENT_TYPE_NAMES, isEventType } from '../../subgraphs/kernel/events/catalogue.js';

/** Every event type of the catalogue. */
export function knownEventTypes(): readonly string[] {
  return EVENT_TYPE_NAMES;
}

/** The entries of `types` that are not in the catalogue (empty when all are known). */
export function unknownEventTypes(types: readonly string[]): string[] {
  return types.filter((type) => !isEventType(type));
}
