/**
 * Turns the database's constraint violations into coded errors. The database enforces integrity
 * (foreign keys, unique keys), so services write first and translate the refusal, instead of a racy
 * read-then-write.
 */
import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';

export interface ConstraintErrors {
  /** The error for a foreign key that points nowhere. */
  readonly foreignKey?: () => Error;
  /** The error for a duplicate of a unique key. */
  readonly unique?: () => Error;
}

/** Runs `write`; a violated constraint named in `errors` becomes that error, anything else is rethrown. */
export async function withConstraintErrors<T>(errors: ConstraintErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException && errors.foreignKey) throw errors.foreignKey();
    if (error instanceof UniqueConstraintViolationException && errors.unique) throw errors.unique();
    throw error;
  }
}
