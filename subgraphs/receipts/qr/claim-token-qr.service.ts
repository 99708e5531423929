/**
 * QR images and counter cards of transaction-QR tokens, written against {@link ActiveQrTokenLookup} so
 * they do not depend on how the claims module stores its tokens (claim/active-qr-token.lookup.ts).
 */
import { createHash } from 'node:crypto';
import type { BaseContext } from '../../kernel/context.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { BinaryFile } from './binary-file.type.js';
import { cardFile, cardLanguage, imageSize, pngFile, visibleStoreName } from './qr-answers.js';

/** An active transaction-QR token: issued, not expired, claimed or revoked, its transaction present. */
export interface ActiveQrToken {
  /** The store of the token's transaction. */
  readonly storeId: string;
  /** When the token was issued: the card's creation date, so its bytes (and ETag) stay stable. */
  readonly issuedAt: Date;
}

/** Finds active transaction-QR tokens (implemented by the claims module). */
export interface ActiveQrTokenLookup {
  /** The token when it is active; null for any other string (unknown, expired, claimed, revoked...). */
  findActive(claimToken: string): Promise<ActiveQrToken | null>;
}

/** The receipt page a transaction-QR token opens: `{PUBLIC_URL}/receipts/rx/{claimToken}`. */
export function claimTokenReceiptUrl(publicUrl: string, claimToken: string): string {
  return `${publicUrl}/receipts/rx/${encodeURIComponent(claimToken)}`;
}

/**
 * The reference printed on a token's card: 8 characters of its SHA-256 (`1A2B-3C4D`), enough for staff
 * to tell cards apart and useless to anyone trying to rebuild the token.
 */
export function claimTokenReference(claimToken: string): string {
  const hex = createHash('sha256').update(claimToken, 'utf8').digest('hex').toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}

/** QR images and cards of transaction-QR tokens. Public: the token itself is the credential. */
export class ClaimTokenQrService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly tokens: ActiveQrTokenLookup,
  ) {}

  /** The PNG of the token's QR code; NOT_FOUND `unknown_token` for any token that is not active. */
  async claimTokenQrImage(claimToken: string, size?: number | null): Promise<BinaryFile> {
    const pixels = imageSize(size);
    await this.active(claimToken);
    return pngFile(
      claimTokenReceiptUrl(this.ctx.env.publicUrl, claimToken),
      pixels,
      `qr-${claimTokenReference(claimToken)}.png`,
    );
  }

  /** The token's counter card (A6 PDF) in `lang`; NOT_FOUND `unknown_token` for any token that is not active. */
  async claimTokenQrCard(claimToken: string, lang?: string | null): Promise<BinaryFile> {
    const language = cardLanguage(lang);
    const token = await this.active(claimToken);
    const reference = claimTokenReference(claimToken);
    return cardFile(
      {
        url: claimTokenReceiptUrl(this.ctx.env.publicUrl, claimToken),
        storeName: await visibleStoreName(this.ctx, token.storeId),
        subject: 'claimToken',
        reference,
        lang: language,
        createdAt: token.issuedAt,
      },
      `qr-card-${reference}-${language}.pdf`,
    );
  }

  private async active(claimToken: string): Promise<ActiveQrToken> {
    const token = await this.tokens.findActive(claimToken);
    if (!token) throw new NotFoundError('No active transaction-QR token has this value.', 'unknown_token');
    return token;
  }
}
