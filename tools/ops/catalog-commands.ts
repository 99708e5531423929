/** Operator commands of products and inventory (issue 14: product:create, location:create, stock:adjust). */
import { CommandFailure, text, type Flags, type OpsCommand } from './command.js';

/** An integer flag (the service checks its range). */
function integer(flags: Flags, name: string): number | undefined {
  const value = text(flags, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isInteger(parsed))
    throw new CommandFailure(400, 'validation_failed', `--${name} must be an integer.`);
  return parsed;
}

export const CATALOG_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'product:create',
    summary:
      'Create an active product of a business: --price in yen (JPY minor units), --tax-rate in basis points (default 1000, 10%; 800 is the reduced 8%), --barcode JAN/EAN-13, EAN-8, UPC-A or GTIN-14 with its check digit.',
    flags: {
      business: { value: 'ID', required: true },
      sku: { value: 'S', required: true },
      name: { value: 'N', required: true },
      price: { value: 'N', required: true },
      'tax-rate': { value: 'BP' },
      barcode: { value: 'B' },
      'name-kana': { value: 'K' },
    },
    operationName: 'OpsCreateProduct',
    document: 'mutation OpsCreateProduct($input: CreateProductInput!) { createProduct(input: $input) { id sku } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        sku: text(flags, 'sku'),
        name: text(flags, 'name'),
        priceAmount: integer(flags, 'price'),
        taxRate: integer(flags, 'tax-rate') ?? 1000,
        ...(text(flags, 'barcode') !== undefined ? { barcode: text(flags, 'barcode') } : {}),
        ...(text(flags, 'name-kana') !== undefined ? { nameKana: text(flags, 'name-kana') } : {}),
      },
    }),
    result: (data) => {
      const created = data.createProduct as { id: string; sku: string };
      return { productId: created.id, sku: created.sku };
    },
  },
  {
    name: 'location:create',
    summary: 'Create a stock location of a business: --kind floor, backroom or warehouse, --store one of its stores.',
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      kind: { value: 'floor|backroom|warehouse', required: true },
      store: { value: 'ID' },
    },
    operationName: 'OpsCreateStockLocation',
    document:
      'mutation OpsCreateStockLocation($input: CreateStockLocationInput!) { createStockLocation(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        name: text(flags, 'name'),
        kind: text(flags, 'kind'),
        ...(text(flags, 'store') !== undefined ? { storeId: text(flags, 'store') } : {}),
      },
    }),
    result: (data) => ({ locationId: (data.createStockLocation as { id: string }).id }),
  },
  {
    name: 'stock:adjust',
    summary:
      'Adjust the stock of a product at a location by a signed --delta with a --reason (posted to the ledger with inventory.updated; below zero is refused unless the product allows backorder).',
    flags: {
      product: { value: 'ID', required: true },
      location: { value: 'ID', required: true },
      delta: { value: 'N', required: true },
      reason: { value: 'R', required: true },
    },
    operationName: 'OpsAdjustStock',
    document: 'mutation OpsAdjustStock($input: AdjustStockInput!) { adjustStock(input: $input) { id onHandAfter } }',
    variables: (flags) => ({
      input: {
        productId: text(flags, 'product'),
        locationId: text(flags, 'location'),
        delta: integer(flags, 'delta'),
        reason: text(flags, 'reason'),
      },
    }),
    result: (data) => {
      const movement = data.adjustStock as { id: string; onHandAfter: number };
      return { movementId: movement.id, onHand: movement.onHandAfter };
    },
  },
];
