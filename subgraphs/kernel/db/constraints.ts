/**
 * Turns the database's constraint violations into coded errors. The database enforces integrity
 * (foreign keys, unique keys, exclusion constraints), so services write first and translate the
 * refusal, instead of a racy read-then-write.
 */
import {
  DriverException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';

/** SQLSTATE exclusion_violation: MikroORM has no exception class of its own for it. */
const EXCLUSION_VIOLATION = '23P01';

export interface ConstraintErrors {
  /** The error for a foreign key that points nowhere. */
  readonly foreignKey?: () => Error;
  /** The error for a duplicate of a unique key. */
  readonly unique?: () => Error;
  /** The error for a row that conflicts with another under an exclusion constraint. */
  readonly exclusion?: () => Error;
}

/** Runs `write`; a violated constraint named in `errors` becomes that error, anything else is rethrown. */
export async function withConstraintErrors<T>(errors: ConstraintErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException && errors.foreignKey) throw errors.foreignKey();
    if (error instanceof UniqueConstraintViolationException && errors.unique) throw errors.unique();
    if (error instanceof DriverException && error.code === EXCLUSION_VIOLATION && errors.exclusion)
      throw errors.exclusion();
    throw error;
  }
}
