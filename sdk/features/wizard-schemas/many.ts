// One yup test for a whole wizard step: its rule function answers every field error at once
// (paths relative to the form), so the step shows them all after one submit.
import { ValidationError } from 'yup';
import type { WizardValues } from './values';

/** A test that reports many field errors at once (paths relative to the form). */
export function many(name: string, fn: (values: WizardValues) => Record<string, string>) {
  return function test(this: { parent: WizardValues }, _v: unknown) {
    const errs = Object.entries(fn(this.parent));
    if (!errs.length) return true;
    return new ValidationError(errs.map(([path, message]) => new ValidationError(message, undefined, path, name)));
  };
}
