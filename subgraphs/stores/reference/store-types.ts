/** The documented vocabulary of store types (lowercase, snake_case). */
export const STORE_TYPES = [
  'supermarket',
  'convenience_store',
  'drugstore',
  'department_store',
  'restaurant',
  'cafe',
  'bakery',
  'apparel',
  'electronics',
  'home_center',
  'bookstore',
  'other',
] as const;

export type StoreType = (typeof STORE_TYPES)[number];

export function isStoreType(value: string): value is StoreType {
  return (STORE_TYPES as readonly string[]).includes(value);
}
