/**
 * Rows of the QR images and counter cards (the public interface: QR images and PDFs).
 * Binary rows: GraphQL carries the file as base64 and `result` hands the facade its bytes, which it
 * answers with a strong ETag (304 to a matching If-None-Match) and the row's Cache-Control.
 */
import type { BinaryPayload, Route } from '../kernel/route.js';
import * as qr from './operations.js';

const TAG = 'QR images';

const TERMINAL_ID = {
  publicTerminalId: { type: 'string', description: 'Public terminal id, 6 to 16 characters.' },
} as const;

const SIZE_PARAM = {
  size: {
    type: 'int32',
    description: 'Width and height in pixels, 64 to 2048.',
    default: 300,
    minimum: 64,
    maximum: 2048,
  },
} as const;
const LANG_PARAM = {
  lang: { type: 'string', description: 'Language of the card: `ja` (default) or `en`.', maxLength: 16 },
} as const;
/** Cards are private: they name a store that is not public only for callers who may see it. */
const PDF_ANSWER = {
  kind: 'binary',
  mediaTypes: ['application/pdf'],
  cacheControl: 'private, max-age=300',
  disposition: 'inline',
} as const;
const BAD_SIZE = '`size` is not an int32 or is outside 64 to 2048 (`validation_failed`; `errors` names `size`).';
const BAD_LANG = '`lang` is neither `ja` nor `en` (`validation_failed`; `errors` names `lang`).';

const CLAIM_TOKEN = {
  claimToken: { type: 'string', description: 'The transaction-QR token recordTransaction issued.' },
} as const;

const TOKEN_NOT_FOUND =
  'No active transaction-QR token has this value: unknown, expired, claimed or revoked, or its transaction deleted (`unknown_token`).';

const NOT_FOUND = 'No terminal has this public id, or the id is not 6 to 16 characters (`terminal_not_found`).';

/** The `BinaryFile` under `field` in `data`, as the bytes the facade answers. */
function file(field: string) {
  return (data: Record<string, unknown>): BinaryPayload => {
    const answer = data[field] as { contentType: string; base64: string; filename: string | null };
    return {
      contentType: answer.contentType,
      bytes: Buffer.from(answer.base64, 'base64'),
      ...(answer.filename ? { filename: answer.filename } : {}),
    };
  };
}

export const qrRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/v1/terminals/:publicTerminalId/qr.png',
    operation: qr.TerminalQrImage,
    tag: TAG,
    summary: "PNG of a terminal's QR code",
    description:
      'The QR code (error correction M) of the URL `{PUBLIC_URL}/receipts/terminal/{publicTerminalId}`, as a PNG of exactly ' +
      '`size` x `size` pixels. Modules are whole pixels: `floor(size / (modules + 8))` each, the code centred, the remaining ' +
      'pixels widening the white quiet zone, which is never narrower than 4 modules.',
    pathParams: TERMINAL_ID,
    queryParams: SIZE_PARAM,
    result: file('terminalQrImage'),
    status: 200,
    responseSchema: null,
    answer: { kind: 'binary', mediaTypes: ['image/png'], cacheControl: 'public, max-age=3600', disposition: 'inline' },
    errors: {
      400: BAD_SIZE,
      404: NOT_FOUND,
    },
  },
  {
    method: 'GET',
    path: '/api/v1/terminals/:publicTerminalId/qr.pdf',
    operation: qr.TerminalQrCard,
    tag: TAG,
    summary: "Printable counter card (PDF) of a terminal's QR code",
    description:
      'An A6 card to print and place at the register: the store name, the QR code of ' +
      '`{PUBLIC_URL}/receipts/terminal/{publicTerminalId}`, the terminal id and how to use it, in `lang`, set in an embedded ' +
      'Japanese font (Noto Sans JP, subset). A store that is not publicly visible is named only for its own business and the ' +
      "operator; anyone else's card carries a generic title. Cache-Control is private for that reason.",
    pathParams: TERMINAL_ID,
    queryParams: LANG_PARAM,
    result: file('terminalQrCard'),
    status: 200,
    responseSchema: null,
    answer: PDF_ANSWER,
    errors: {
      400: BAD_LANG,
      404: NOT_FOUND,
    },
  },
  {
    method: 'GET',
    path: '/api/v1/claim-tokens/:claimToken/qr.png',
    operation: qr.ClaimTokenQrImage,
    tag: TAG,
    summary: "PNG of a transaction-QR token's QR code",
    description:
      'The QR code (error correction M) of `{PUBLIC_URL}/receipts/rx/{claimToken}`, the receipt page of the token, as a PNG of ' +
      'exactly `size` x `size` pixels (the same module rule as the terminal image). Only an active token has one: not ' +
      'expired, claimed or revoked, its transaction present.',
    pathParams: CLAIM_TOKEN,
    queryParams: SIZE_PARAM,
    result: file('claimTokenQrImage'),
    status: 200,
    responseSchema: null,
    // Private: the token is a credential, so no shared cache keeps its picture.
    answer: { kind: 'binary', mediaTypes: ['image/png'], cacheControl: 'private, max-age=300', disposition: 'inline' },
    errors: {
      400: BAD_SIZE,
      404: TOKEN_NOT_FOUND,
    },
  },
  {
    method: 'GET',
    path: '/api/v1/claim-tokens/:claimToken/qr.pdf',
    operation: qr.ClaimTokenQrCard,
    tag: TAG,
    summary: "Printable card (PDF) of a transaction-QR token's QR code",
    description:
      'An A6 card: the store name (for a store that is not publicly visible, only for its own business and the operator), the ' +
      'QR code of `{PUBLIC_URL}/receipts/rx/{claimToken}`, a short reference of the token (8 characters of its SHA-256, never ' +
      'the token) and how to use it, in `lang`, set in an embedded Japanese font (Noto Sans JP, subset).',
    pathParams: CLAIM_TOKEN,
    queryParams: LANG_PARAM,
    result: file('claimTokenQrCard'),
    status: 200,
    responseSchema: null,
    answer: PDF_ANSWER,
    errors: {
      400: BAD_LANG,
      404: TOKEN_NOT_FOUND,
    },
  },
];
