import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { IdentityContext } from '../context.js';
import { OAuthClient } from './oauth-client.entity.js';
import { OAuthAppRegistration, RegisterOAuthAppInput } from './oauth-client.input.js';

@Resolver(() => OAuthClient)
export class OAuthClientResolver {
  @Mutation(() => OAuthAppRegistration, {
    description:
      'Registers an OAuth app. Operators, or a business token issued to a first-party app, for its own business (FORBIDDEN third_party_app otherwise). A user.* scope makes UserScopeStatus pending.',
  })
  registerOAuthApp(
    @Arg('input', () => RegisterOAuthAppInput) input: RegisterOAuthAppInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<OAuthAppRegistration> {
    return ctx.oauthClients.register(input);
  }

  @Mutation(() => OAuthClient, { description: "Approves an app's user.* scopes. Operator only." })
  approveOAuthApp(@Arg('clientId', () => String) clientId: string, @Ctx() ctx: IdentityContext): Promise<OAuthClient> {
    return ctx.oauthClients.approve(clientId);
  }
}
