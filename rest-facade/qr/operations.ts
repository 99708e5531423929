/** GraphQL documents of the QR image and counter card routes. */
import type { Operation } from '../kernel/route.js';

export const TerminalQrImage: Operation = {
  name: 'TerminalQrImage',
  document: `query TerminalQrImage($publicTerminalId: String!, $size: Int) {
  terminalQrImage(publicTerminalId: $publicTerminalId, size: $size) { contentType base64 filename }
}`,
};

export const TerminalQrCard: Operation = {
  name: 'TerminalQrCard',
  document: `query TerminalQrCard($publicTerminalId: String!, $lang: String) {
  terminalQrCard(publicTerminalId: $publicTerminalId, lang: $lang) { contentType base64 filename }
}`,
};

export const ClaimTokenQrImage: Operation = {
  name: 'ClaimTokenQrImage',
  document: `query ClaimTokenQrImage($claimToken: String!, $size: Int) {
  claimTokenQrImage(claimToken: $claimToken, size: $size) { contentType base64 filename }
}`,
};

export const ClaimTokenQrCard: Operation = {
  name: 'ClaimTokenQrCard',
  document: `query ClaimTokenQrCard($claimToken: String!, $lang: String) {
  claimTokenQrCard(claimToken: $claimToken, lang: $lang) { contentType base64 filename }
}`,
};
