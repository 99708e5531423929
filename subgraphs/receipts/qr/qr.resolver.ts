import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { BinaryFile } from './binary-file.type.js';

@Resolver()
export class QrResolver {
  @Query(() => BinaryFile, {
    description:
      'PNG (image/png) of the QR code of the terminal receipt page, size x size pixels: size 64 to 2048, default 300; ' +
      'error correction M, quiet zone of at least 4 modules. NOT_FOUND (terminal_not_found) for an unknown id; BAD_USER_INPUT for a size outside the range.',
  })
  terminalQrImage(
    @Arg('publicTerminalId', () => String) publicTerminalId: string,
    @Arg('size', () => Int, { nullable: true }) size: number | null | undefined,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<BinaryFile> {
    return ctx.qr.terminalQrImage(publicTerminalId, size);
  }

  @Query(() => BinaryFile, {
    description:
      'Printable counter card (application/pdf, A6) of the terminal: store name, QR code, terminal id and instructions in lang ja (default) or en. ' +
      'NOT_FOUND (terminal_not_found) for an unknown id; BAD_USER_INPUT for another lang.',
  })
  terminalQrCard(
    @Arg('publicTerminalId', () => String) publicTerminalId: string,
    @Arg('lang', () => String, { nullable: true }) lang: string | null | undefined,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<BinaryFile> {
    return ctx.qr.terminalQrCard(publicTerminalId, lang);
  }

  @Query(() => BinaryFile, {
    description:
      'PNG (image/png) of the QR code of a transaction-QR token’s receipt page ({PUBLIC_URL}/receipts/rx/{claimToken}), size x size ' +
      'pixels (64 to 2048, default 300). NOT_FOUND (unknown_token) for a token that is not active (unknown, expired, claimed, ' +
      'revoked, transaction deleted); BAD_USER_INPUT for a size outside the range.',
  })
  claimTokenQrImage(
    @Arg('claimToken', () => String) claimToken: string,
    @Arg('size', () => Int, { nullable: true }) size: number | null | undefined,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<BinaryFile> {
    return ctx.claimTokenQr.claimTokenQrImage(claimToken, size);
  }

  @Query(() => BinaryFile, {
    description:
      'Printable card (application/pdf, A6) of a transaction-QR token: store name, QR code, a short reference (never the token) ' +
      'and instructions in lang ja (default) or en. NOT_FOUND (unknown_token) for a token that is not active; BAD_USER_INPUT for another lang.',
  })
  claimTokenQrCard(
    @Arg('claimToken', () => String) claimToken: string,
    @Arg('lang', () => String, { nullable: true }) lang: string | null | undefined,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<BinaryFile> {
    return ctx.claimTokenQr.claimTokenQrCard(claimToken, lang);
  }
}
