import { connectionType } from '../../kernel/connection.js';
import { Flyer } from './flyer.entity.js';

/** A page of a business's flyers (Relay), newest first. */
export const FlyerConnection = connectionType('Flyer', Flyer, 'A page of the business’s flyers, newest first.');
export type FlyerConnection = InstanceType<typeof FlyerConnection>;
