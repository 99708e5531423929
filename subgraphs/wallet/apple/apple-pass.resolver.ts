import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { AppleWalletPassFile, AppleWalletRegistration, AppleWalletUpdatedSerials } from './apple-pass.types.js';

const AUTHORIZATION = 'The request\'s Authorization header as sent: "ApplePass <authenticationToken of the pass>".';

@Resolver()
export class ApplePassResolver {
  @Query(() => AppleWalletPassFile, {
    description:
      "The customer's signed Apple Wallet pass (mobile-a), issued on first call. NOT_FOUND (customer_not_found) for an unknown " +
      'customer or one the caller may not act on; UNAVAILABLE (wallet_not_configured) without Apple signing material.',
  })
  appleWalletPass(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<AppleWalletPassFile> {
    return ctx.applePasses.passForCaller(args);
  }

  @Query(() => AppleWalletPassFile, {
    description:
      'Pass web service: the latest version of a pass, for Apple Wallet. UNAUTHENTICATED (invalid_pass_token) unless ' +
      'authorization carries the pass token; UNAVAILABLE (wallet_not_configured) without signing material.',
  })
  appleWalletLatestPass(
    @Arg('passTypeIdentifier', () => String) passTypeIdentifier: string,
    @Arg('serialNumber', () => String) serialNumber: string,
    @Arg('authorization', () => String, { nullable: true, description: AUTHORIZATION }) authorization: string | null,
    @Ctx() ctx: WalletContext,
  ): Promise<AppleWalletPassFile> {
    return ctx.applePasses.latestPass(passTypeIdentifier, serialNumber, authorization ?? null);
  }

  @Query(() => AppleWalletUpdatedSerials, {
    description: 'Pass web service: serial numbers of the passes registered on a device that changed after a tag.',
  })
  appleWalletUpdatedSerials(
    @Arg('deviceLibraryIdentifier', () => String) deviceLibraryIdentifier: string,
    @Arg('passTypeIdentifier', () => String) passTypeIdentifier: string,
    @Arg('passesUpdatedSince', () => String, { nullable: true }) passesUpdatedSince: string | null,
    @Ctx() ctx: WalletContext,
  ): Promise<AppleWalletUpdatedSerials> {
    return ctx.appleWebService.updatedSerials(deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince ?? null);
  }

  @Mutation(() => AppleWalletRegistration, {
    description:
      'Pass web service: registers a device (its APNs push token) for updates of a pass. UNAUTHENTICATED (invalid_pass_token) ' +
      'unless authorization carries the pass token; BAD_USER_INPUT for a blank or overlong push token.',
  })
  appleWalletRegisterDevice(
    @Arg('deviceLibraryIdentifier', () => String) deviceLibraryIdentifier: string,
    @Arg('passTypeIdentifier', () => String) passTypeIdentifier: string,
    @Arg('serialNumber', () => String) serialNumber: string,
    @Arg('authorization', () => String, { nullable: true, description: AUTHORIZATION }) authorization: string | null,
    @Arg('pushToken', () => String) pushToken: string,
    @Ctx() ctx: WalletContext,
  ): Promise<AppleWalletRegistration> {
    const pass = { passTypeIdentifier, serialNumber, authorization: authorization ?? null };
    return ctx.appleWebService.register(deviceLibraryIdentifier, pass, pushToken);
  }

  @Mutation(() => Boolean, {
    description:
      'Pass web service: stops updates of a pass to a device. UNAUTHENTICATED (invalid_pass_token) unless authorization carries the pass token.',
  })
  appleWalletUnregisterDevice(
    @Arg('deviceLibraryIdentifier', () => String) deviceLibraryIdentifier: string,
    @Arg('passTypeIdentifier', () => String) passTypeIdentifier: string,
    @Arg('serialNumber', () => String) serialNumber: string,
    @Arg('authorization', () => String, { nullable: true, description: AUTHORIZATION }) authorization: string | null,
    @Ctx() ctx: WalletContext,
  ): Promise<boolean> {
    const pass = { passTypeIdentifier, serialNumber, authorization: authorization ?? null };
    return ctx.appleWebService.unregister(deviceLibraryIdentifier, pass);
  }

  @Mutation(() => Boolean, {
    description: 'Pass web service: log lines of Apple Wallet about this service, written to the service log.',
  })
  appleWalletLog(@Arg('logs', () => [String]) logs: string[], @Ctx() ctx: WalletContext): boolean {
    return ctx.appleWebService.log(logs);
  }
}
