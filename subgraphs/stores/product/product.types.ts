import { connectionType } from '../../kernel/connection.js';
import { Product } from './product.entity.js';

/** A page of a business's products (Relay). */
export const ProductConnection = connectionType(
  'Product',
  Product,
  'A page of the business’s products, by name or by last change.',
);
export type ProductConnection = InstanceType<typeof ProductConnection>;
