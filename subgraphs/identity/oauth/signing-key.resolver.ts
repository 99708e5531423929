import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { SigningKeyService } from './signing-key.service.js';
import { SigningKeyInfo } from './signing-key.types.js';

/** Operator administration of the access-token signing keys (keys:list, keys:rotate, keys:retire). */
@Resolver(() => SigningKeyInfo)
export class SigningKeyResolver {
  @Query(() => [SigningKeyInfo], {
    description: 'Every access-token signing key with its status, newest first (retired ones too). Operator only.',
  })
  signingKeys(@Ctx() ctx: IdentityContext): Promise<SigningKeyInfo[]> {
    return new SigningKeyService(ctx).list();
  }

  @Mutation(() => SigningKeyInfo, {
    description:
      'Adds a new signing key that signs from now on; older live keys keep verifying until retired. Operator only.',
  })
  rotateSigningKey(@Ctx() ctx: IdentityContext): Promise<SigningKeyInfo> {
    return new SigningKeyService(ctx).rotate();
  }

  @Mutation(() => SigningKeyInfo, {
    description:
      'Retires a signing key: it leaves the JWKS and tokens it signed stop verifying in every process within SIGNING_KEY_CACHE_SECONDS. The active (newest live) key cannot be retired: CONFLICT active_signing_key, rotate first. Operator only.',
  })
  retireSigningKey(@Arg('kid', () => String) kid: string, @Ctx() ctx: IdentityContext): Promise<SigningKeyInfo> {
    return new SigningKeyService(ctx).retire(kid);
  }
}
