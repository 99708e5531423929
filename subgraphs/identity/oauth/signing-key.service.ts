/**
 * Operator administration of the access-token signing keys: list, rotate (a new key signs, the old
 * ones keep verifying) and retire (a key leaves the JWKS and its tokens stop verifying, in every
 * process within SIGNING_KEY_CACHE_SECONDS). The newest live key can never be retired, so there is
 * always a key to sign with: rotate first, then retire the old key.
 */
import { forgetPublicKey } from '../../kernel/auth/access-token-verifier.js';
import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { ConflictError, NotFoundError } from '../../kernel/errors.js';
import { signingKeysFor } from './signing-keys.js';
import { type SigningKeyInfo, SigningKeyStatus } from './signing-key.types.js';

interface KeyRow {
  readonly kid: string;
  readonly created_at: Date | string;
  readonly retired_at: Date | string | null;
}

const MAX_KID_LENGTH = 64;

/** Every key, newest first; the newest live key is the active one (the order the signer uses). */
const LIST = `select "kid", "created_at", "retired_at" from "oauth_signing_key" order by "created_at" desc, "id" desc`;

/**
 * Retires a live key only while a newer live key exists, in one statement: concurrent retirements can
 * never leave no live key, because the newest key never has a newer one.
 */
const RETIRE = `update "oauth_signing_key" as k set "retired_at" = ?::timestamptz, "updated_at" = ?::timestamptz
  where k."kid" = ? and k."retired_at" is null and exists (
    select 1 from "oauth_signing_key" as n
    where n."retired_at" is null and (n."created_at", n."id") > (k."created_at", k."id"))
  returning k."kid"`;

function toInfo(rows: readonly KeyRow[]): SigningKeyInfo[] {
  let activeSeen = false;
  return rows.map((row) => {
    let status = SigningKeyStatus.RETIRED;
    if (row.retired_at === null) {
      status = activeSeen ? SigningKeyStatus.VERIFYING : SigningKeyStatus.ACTIVE;
      activeSeen = true;
    }
    return {
      kid: row.kid,
      status,
      createdAt: new Date(row.created_at),
      retiredAt: row.retired_at === null ? null : new Date(row.retired_at),
    };
  });
}

/** Lists, rotates and retires signing keys. Operators only. */
export class SigningKeyService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every key with its status, newest first (retired keys too: this is the operator's view, not the JWKS). */
  async list(): Promise<SigningKeyInfo[]> {
    requireOperator(this.ctx.principal);
    return this.all();
  }

  /** Adds a new key that signs from now on; the previous keys keep verifying until retired. */
  async rotate(): Promise<SigningKeyInfo> {
    requireOperator(this.ctx.principal);
    const kid = await signingKeysFor(this.ctx.env).rotate(this.ctx.em);
    return this.find(kid);
  }

  /**
   * Retires a key: NOT_FOUND `signing_key_not_found` for an unknown kid, CONFLICT
   * `active_signing_key` for the newest live key (rotate first). Retiring a retired key answers it
   * unchanged.
   */
  async retire(kid: string): Promise<SigningKeyInfo> {
    requireOperator(this.ctx.principal);
    if (kid.length === 0 || kid.length > MAX_KID_LENGTH) throw notFound();
    const at = this.now();
    const retired = await this.ctx.em
      .fork()
      .execute<{ kid: string }[]>(RETIRE, [at.toISOString(), at.toISOString(), kid]);
    const key = await this.find(kid);
    if (retired.length === 0 && key.status === SigningKeyStatus.ACTIVE) {
      throw new ConflictError(
        'This key signs new tokens and is the newest live key: rotate (keys:rotate) first, then retire it.',
        'active_signing_key',
      );
    }
    // This process stops at once; the others when their cache time runs out.
    forgetPublicKey(kid);
    signingKeysFor(this.ctx.env).forget();
    return key;
  }

  private async all(): Promise<SigningKeyInfo[]> {
    return toInfo(await this.ctx.em.fork().execute<KeyRow[]>(LIST));
  }

  private async find(kid: string): Promise<SigningKeyInfo> {
    const key = (await this.all()).find((k) => k.kid === kid);
    if (!key) throw notFound();
    return key;
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('No signing key has this kid.', 'signing_key_not_found');
}
