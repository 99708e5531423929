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
