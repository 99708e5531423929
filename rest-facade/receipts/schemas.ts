/** JSON Schemas of the terminal receipt and transaction-QR rows (merged into `components.schemas`). */
import type { JsonSchema } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

/** The claim channels. */
export const CHANNELS = ['line', 'ios', 'android', 'email', 'web'] as const;

const int = (description: string): JsonSchema => ({ type: 'integer', format: 'int32', description });
const time = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

const receiptProperties = {
  transactionId: { type: 'string', format: 'uuid', description: 'Transaction id (UUIDv7).' },
  publicTerminalId: { type: 'string', description: 'The terminal the sale was made at.' },
  storeId: { type: 'string', format: 'uuid', description: 'The store the sale was made in.' },
  storeName: {
    type: 'string',
    description: 'The store name as printed on the receipt (copied when the sale was recorded).',
  },
  occurredAt: time('When the sale happened (RFC 3339, UTC).'),
  currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.' },
  totalAmount: int('Total paid, tax included, in minor units of the currency (JPY: yen).'),
  subtotalAmount: int('Total minus the included tax.'),
  taxAmount: int('Tax included in the total (the sum of `taxes`).'),
  taxes: {
    type: 'array',
    description: 'Tax by rate.',
    items: {
      type: 'object',
      required: ['rateBasisPoints', 'taxableAmount', 'taxAmount'],
      properties: {
        rateBasisPoints: int('Rate in basis points: 1000 = 10 %, 800 = 8 %.'),
        taxableAmount: int('Tax-included amount sold at this rate.'),
        taxAmount: int('Tax included in taxableAmount.'),
      },
    },
  },
  items: {
    type: 'array',
    description: 'The lines of the sale.',
    items: {
      type: 'object',
      required: ['name', 'unitPrice', 'quantity'],
      properties: {
        name: { type: 'string' },
        unitPrice: int('Unit price, tax included, in minor units (negative for a discount).'),
        quantity: int('Quantity.'),
      },
    },
  },
  claimCount: int('How many times the receipt has been claimed.'),
} as const;

const claimProperties = {
  claimId: { type: 'string', format: 'uuid', description: 'Id of the claim (its audit row).' },
  kind: {
    type: 'string',
    enum: ['terminal', 'transaction_qr'],
    description: '`terminal` (terminal claim token) or `transaction_qr` (transaction-QR token).',
  },
  channel: { type: ['string', 'null'], enum: [...CHANNELS, null], description: 'The channel sent, or null.' },
  claimedAt: time('When the claim was recorded.'),
  claimedByUser: {
    type: 'boolean',
    description: "True when a user bearer token was sent: the receipt is now in that user's receipts.",
  },
  receipt: ref('Receipt'),
} as const;

const channel = {
  type: ['string', 'null'],
  enum: [...CHANNELS, null],
  description: 'Where the consumer claims from: line (the messaging app), ios, android, email or web. Optional.',
} as const;

export const RECEIPT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Receipt: { type: 'object', required: Object.keys(receiptProperties), properties: receiptProperties },
  LastReceiptResponse: {
    type: 'object',
    description: "A terminal's latest receipt, and the claim token to claim it within 10 minutes of the sale.",
    required: ['publicTerminalId', 'allowMultipleClaims', 'claimToken', 'claimTokenExpiresAt', 'receipt'],
    properties: {
      publicTerminalId: { type: 'string' },
      allowMultipleClaims: {
        type: 'boolean',
        description: 'Whether the terminal lets a receipt be claimed more than once.',
      },
      claimToken: {
        type: 'string',
        description:
          'A signed token (JWS) bound to this terminal and this transaction. Send it back as the body field `claimToken` or the header `X-Claim-Token` of POST .../claim.',
      },
      claimTokenExpiresAt: time('When the claim token expires: 10 minutes after the sale.'),
      receipt: ref('Receipt'),
    },
  },
  ClaimRequest: {
    type: 'object',
    description:
      'Optional body (absent, or JSON null, is the same as `{}`). The claim token may come here or in the `X-Claim-Token` header; the body field wins when both are sent.',
    properties: {
      claimToken: { type: ['string', 'null'], description: 'The claim token from last-receipt.' },
      channel,
    },
  },
  ClaimResponse: {
    type: 'object',
    description: 'The recorded claim and the receipt it claimed.',
    required: Object.keys(claimProperties),
    properties: claimProperties,
  },
  TransactionQrReceiptResponse: {
    type: 'object',
    description: 'The receipt of an active transaction-QR token.',
    required: ['expiresAt', 'receipt'],
    properties: {
      expiresAt: time('When the token expires (30 days after the sale was recorded).'),
      receipt: ref('Receipt'),
    },
  },
  TransactionQrClaimRequest: {
    type: 'object',
    description: 'Optional body (absent, or JSON null, is the same as `{}`).',
    properties: { channel },
  },
  TransactionQrClaimResponse: {
    type: 'object',
    description: 'The recorded claim (kind `transaction_qr`) and the receipt it claimed. The token is used up.',
    required: Object.keys(claimProperties),
    properties: claimProperties,
  },
};
