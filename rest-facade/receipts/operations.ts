/** GraphQL documents of the terminal receipt and transaction-QR rows. */
import type { Operation } from '../kernel/route.js';

/** The receipt's fields every row answers (mapped to the REST `Receipt` by routes.ts). */
const RECEIPT = `id occurredAt storeName currency totalAmount subtotalAmount taxAmount claimCount
    taxes { rateBasisPoints taxableAmount taxAmount }
    items { name unitPrice quantity }
    terminal { publicTerminalId }
    store { id }`;

const CLAIM = `id kind channel claimedAt claimedByUser
    receipt { ${RECEIPT} }`;

export const LastReceipt: Operation = {
  name: 'LastReceipt',
  document: `query LastReceipt($publicTerminalId: String!) {
  lastReceipt(publicTerminalId: $publicTerminalId) {
    claimToken claimTokenExpiresAt
    terminal { publicTerminalId allowMultipleClaims }
    receipt { ${RECEIPT} }
  }
}`,
};

export const ClaimTerminalReceipt: Operation = {
  name: 'ClaimTerminalReceipt',
  document: `mutation ClaimTerminalReceipt($publicTerminalId: String!, $claimToken: String, $channel: ClaimChannel) {
  claimTerminalReceipt(publicTerminalId: $publicTerminalId, claimToken: $claimToken, channel: $channel) {
    ${CLAIM}
  }
}`,
};

export const TransactionQrReceipt: Operation = {
  name: 'TransactionQrReceipt',
  document: `query TransactionQrReceipt($claimToken: String!) {
  transactionQrReceipt(claimToken: $claimToken) {
    expiresAt
    receipt { ${RECEIPT} }
  }
}`,
};

export const ClaimTransactionQr: Operation = {
  name: 'ClaimTransactionQr',
  document: `mutation ClaimTransactionQr($claimToken: String!, $channel: ClaimChannel) {
  claimTransactionQr(claimToken: $claimToken, channel: $channel) {
    ${CLAIM}
  }
}`,
};
