// The server refuses what the form refuses (issue 16): the §5 table the yup schemas are tested
// with (sdk/features/wizard-schemas/rules.cases.ts) gives the same field and message here.
import { describe, expect, it } from 'vitest';
import { RULE_CASES, SOCIAL_VALID_FORMS, validValues } from '../../../sdk/features/wizard-schemas/rules.cases';
import { bodyOf, defaultValues } from '../../../sdk/features/wizard-schemas/values';
import { validateCreate } from '../../routes/study-create/rules.js';

describe('server rules mirror the wizard schemas', () => {
  it.each(['generic', 'web_page', 'rich_media', 'video', 'vast', 'social'] as const)('a valid %s form passes', (kind) => {
    expect(validateCreate(bodyOf(kind, validValues(kind, defaultValues(kind))), kind)).toEqual({});
  });
  it.each(Object.entries(SOCIAL_VALID_FORMS))('a valid social %s form passes', (_label, set) => {
    expect(validateCreate(bodyOf('social', { ...validValues('social', defaultValues('social')), ...set }), 'social')).toEqual({});
  });
  it.each(RULE_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const body = bodyOf(c.kind, { ...validValues(c.kind, defaultValues(c.kind)), ...c.set });
    expect(validateCreate(body, c.kind)).toEqual({ [c.field]: c.message });
  });
});
