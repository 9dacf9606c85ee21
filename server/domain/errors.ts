// Errors the domain (analytics, services) throws on purpose. They know nothing of HTTP: the API's
// error handler (plugins/errors.ts) answers InvalidInput with 400 and its field errors.

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
