import { requireAuthenticated, requireOperator } from '../../kernel/auth/access.js';
import { isScope, isUserScope, scopeAudience } from '../../kernel/auth/scopes.js';
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { findClient, newClientId, newClientSecret, secretDigest } from './client-credentials.js';
import { OAuthClient, UserScopeStatus } from './oauth-client.entity.js';
import type { OAuthAppRegistration, RegisterOAuthAppInput } from './oauth-client.input.js';

const MAX_REDIRECT_URIS = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What a redirect URI may be: https; http only on a loopback host (native apps, RFC 8252 §7.3); or a
 * private-use scheme in reverse-domain form (RFC 8252 §7.1). Never a fragment (RFC 6749 §3.1.2).
 */
export function redirectUriProblem(value: string): string | undefined {
  if (value.length > 2048) return 'must be at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.hash !== '' || value.includes('#')) return 'must not contain a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname) ? undefined : 'http is allowed only on loopback';
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol)
    ? undefined
    : 'must be https, loopback http or a reverse-domain private-use scheme';
}

/** OAuth apps: registration (operators, or a business owner for their business) and review. */
export class OAuthClientService {
  constructor(private readonly ctx: BaseContext) {}

  async register(input: RegisterOAuthAppInput): Promise<OAuthAppRegistration> {
    const principal = requireAuthenticated(this.ctx.principal);
    let businessAccountId = input.businessAccountId ?? null;
    if (principal.kind === 'business') {
      if (businessAccountId !== null && businessAccountId !== principal.businessAccountId) {
        throw new ForbiddenError('A business may register apps only for itself.', 'other_business');
      }
      if (input.firstParty) throw new ForbiddenError('Only operators mark apps first-party.', 'operator_only');
      await this.requireFirstPartyCaller(principal.clientId);
      businessAccountId = principal.businessAccountId;
    } else if (principal.kind !== 'operator') {
      throw new ForbiddenError('Only operators and business owners register apps.', 'forbidden');
    }
    const scopes = [...new Set(input.scopes)];
    this.validate(input, scopes, businessAccountId);
    const clientSecret = newClientSecret();
    const app = this.ctx.em.create(OAuthClient, {
      clientId: newClientId(),
      clientSecretHash: secretDigest(clientSecret),
      name: input.name.trim(),
      redirectUris: [...new Set(input.redirectUris)],
      scopes,
      userScopeStatus: scopes.some(isUserScope) ? UserScopeStatus.PENDING : null,
      firstParty: input.firstParty ?? false,
      businessAccountId,
    });
    await withConstraintErrors(
      {
        foreignKey: () =>
          new BadUserInputError(
            'The business account does not exist.',
            [{ path: 'businessAccountId', message: 'unknown business account' }],
            'unknown_business_account',
          ),
      },
      () => this.ctx.em.flush(),
    );
    return { app, clientSecret };
  }

  /**
   * A business registers apps only through a first-party app: a token a third-party app holds (even
   * one the owner consented to) must not mint new apps and secrets for the business.
   */
  private async requireFirstPartyCaller(clientId: string): Promise<void> {
    const caller = await findClient(this.ctx.em, clientId);
    if (!caller?.firstParty) {
      throw new ForbiddenError(
        'Apps are registered by operators, or by a business owner through a first-party app; this token was issued to a third-party app.',
        'third_party_app',
      );
    }
  }

  /** Operators approve an app's user.* scopes (UserScopeStatus pending -> approved). */
  async approve(clientId: string): Promise<OAuthClient> {
    requireOperator(this.ctx.principal);
    const app = await findClient(this.ctx.em, clientId);
    if (!app) throw new NotFoundError('No app has this client id.', 'app_not_found');
    if (app.userScopeStatus === null || app.userScopeStatus === undefined) {
      throw new BadUserInputError(
        'The app asks for no user.* scopes; there is nothing to approve.',
        [],
        'no_user_scopes',
      );
    }
    app.userScopeStatus = UserScopeStatus.APPROVED;
    await this.ctx.em.flush();
    return app;
  }

  private validate(input: RegisterOAuthAppInput, scopes: readonly string[], businessAccountId: string | null): void {
    const validation = new Validation();
    const name = input.name.trim();
    validation.check(name.length >= 1 && name.length <= 100, 'name', 'must be 1 to 100 characters');
    validation.check(
      input.redirectUris.length >= 1 && input.redirectUris.length <= MAX_REDIRECT_URIS,
      'redirectUris',
      `must list 1 to ${MAX_REDIRECT_URIS} URIs`,
    );
    input.redirectUris.forEach((uri, i) => {
      const problem = redirectUriProblem(uri);
      if (problem) validation.add(`redirectUris.${i}`, problem);
    });
    validation.check(scopes.length >= 1, 'scopes', 'must list at least one scope');
    scopes.filter((s) => !isScope(s)).forEach((s) => validation.add('scopes', `unknown scope ${s}`));
    validation.check(
      scopeAudience(scopes) !== 'mixed',
      'scopes',
      'store (business) and user scopes cannot be combined; register two apps',
    );
    validation.check(businessAccountId === null || isUuid(businessAccountId), 'businessAccountId', 'must be a UUID');
    validation.throwIfInvalid();
  }
}
