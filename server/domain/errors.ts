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
