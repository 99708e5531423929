import { connectionType } from '../../kernel/connection.js';
import { StockLevel } from './stock-level.entity.js';
import { StockLocation } from './stock-location.entity.js';
import { StockMovement } from './stock-movement.entity.js';

/** A page of a business's stock locations (Relay), by name. */
export const StockLocationConnection = connectionType(
  'StockLocation',
  StockLocation,
  'A page of the business’s stock locations, by name.',
);
export type StockLocationConnection = InstanceType<typeof StockLocationConnection>;

/** A page of stock levels (Relay), by product and location. */
export const StockLevelConnection = connectionType(
  'StockLevel',
  StockLevel,
  'A page of stock levels, by product then location.',
);
export type StockLevelConnection = InstanceType<typeof StockLevelConnection>;

/** A page of the stock ledger (Relay), newest first. */
export const StockMovementConnection = connectionType(
  'StockMovement',
  StockMovement,
  'A page of the stock ledger, newest movement first.',
);
export type StockMovementConnection = InstanceType<typeof StockMovementConnection>;
