import { randomBytes } from 'node:crypto';
import { requireOperator } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ConflictError, NotFoundError, Validation } from '../../kernel/errors.js';
import { PUBLIC_TERMINAL_ID_LENGTH, Terminal } from './terminal.entity.js';
import type { CreateTerminalInput } from './terminal.input.js';

/** Characters a caller-chosen public terminal id may use: safe in URL paths without escaping. */
const PUBLIC_TERMINAL_ID = /^[A-Za-z0-9_-]+$/;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const GENERATED_ID_LENGTH = 10;

/** 10 characters of uppercase RFC 4648 base32: 50 random bits, readable aloud and unambiguous in print. */
export function generatePublicTerminalId(): string {
  const bytes = randomBytes(GENERATED_ID_LENGTH);
  return Array.from(bytes, (byte) => BASE32_ALPHABET[byte & 31]).join('');
}

function isPublicTerminalId(value: string): boolean {
  return (
    value.length >= PUBLIC_TERMINAL_ID_LENGTH.min &&
    value.length <= PUBLIC_TERMINAL_ID_LENGTH.max &&
    PUBLIC_TERMINAL_ID.test(value)
  );
}

/** Terminals: lookup by public id and administration. */
export class TerminalService {
  constructor(private readonly ctx: BaseContext) {}

  /** The terminal with this public id; any other id (unknown or malformed) is not found. */
  async getByPublicId(publicTerminalId: string): Promise<Terminal> {
    const terminal = isPublicTerminalId(publicTerminalId)
      ? await this.ctx.em.findOne(Terminal, { publicTerminalId })
      : null;
    if (!terminal) throw new NotFoundError('No terminal has this public id.', 'terminal_not_found');
    return terminal;
  }

  /** Creates a terminal. Operators only until business owners can sign in. */
  async create(input: CreateTerminalInput): Promise<Terminal> {
    requireOperator(this.ctx.principal);
    const publicTerminalId = input.publicTerminalId?.trim() || generatePublicTerminalId();
    new Validation()
      .check(isUuid(input.storeId), 'storeId', 'must be a UUID')
      .check(
        isPublicTerminalId(publicTerminalId),
        'publicTerminalId',
        `must be ${PUBLIC_TERMINAL_ID_LENGTH.min} to ${PUBLIC_TERMINAL_ID_LENGTH.max} characters of A-Z a-z 0-9 _ -`,
      )
      .throwIfInvalid();

    const terminal = this.ctx.em.create(Terminal, {
      storeId: input.storeId,
      publicTerminalId,
      allowMultipleClaims: input.allowMultipleClaims ?? false,
    });
    await withConstraintErrors(
      {
        foreignKey: () =>
          new BadUserInputError(
            'The store does not exist.',
            [{ path: 'storeId', message: 'unknown store' }],
            'unknown_store',
          ),
        unique: () => new ConflictError('Another terminal already has this public id.', 'public_terminal_id_taken'),
      },
      () => this.ctx.em.flush(),
    );
    return terminal;
  }
}
