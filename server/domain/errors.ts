// Errors the domain (analytics, services) throws on purpose, and what a database error says. They
// know nothing of HTTP: the API's error handler (plugins/errors.ts) answers InvalidInput with 400
// and its field errors.

/** Input that fails a domain check (an unknown id, too many curve points…), per field. */
export class InvalidInput extends Error {
  constructor(
    /** field path (e.g. `participant.cell_id`) → what is wrong with it */
    readonly errors: Record<string, string>,
    message = 'Validation failed',
  ) {
    super(message);
    this.name = 'InvalidInput';
  }
}

/** One field is wrong. */
export const invalidField = (field: string, message: string) => new InvalidInput({ [field]: message });

/**
 * A change the current state forbids (a locked study's board, …). Answered 409 with the message:
 * the error handler answers any error's statusCode below 500 with its message.
 */
export class Conflict extends Error {
  readonly statusCode = 409;
  constructor(message: string) {
    super(message);
    this.name = 'Conflict';
  }
}

/** What the database said, as pg and PGlite both report it (drizzle wraps it in `cause`). */
export interface DatabaseErrorFields {
  code: string;
  detail?: string;
  column?: string;
  table?: string;
  constraint?: string;
}

/** The PostgreSQL error in `err` or its causes, if any (a SQLSTATE is five digits/capitals). */
export function findDatabaseError(err: unknown): DatabaseErrorFields | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DatabaseErrorFields;
  }
  return null;
}

/**
 * Whether PostgreSQL rolled the transaction back because of another one, so that running it again
 * can succeed: a deadlock (40P01) or a serialization failure (40001).
 */
export function isRetryableConflict(err: unknown): boolean {
  const e = findDatabaseError(err);
  // Two sessions completing with the same panel reference at once: the loser, run again, sees the
  // winner and stores itself as 'duplicate' (repositories/ingest.ts).
  if (e?.code === '23505') return e.constraint === 'participant_complete_reference_uq';
  return e?.code === '40P01' || e?.code === '40001';
}
