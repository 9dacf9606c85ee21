// The server refuses what the quick and embedded wizards refuse (issue 17): the table the yup
// schemas are tested with (sdk/features/wizard-schemas/quick-embedded.cases.ts) gives the same
// field and message through the server's rules.
import { describe, expect, it } from 'vitest';
import { QUICK_EMBEDDED_CASES, validQuickEmbedded } from '../../../sdk/features/wizard-schemas/quick-embedded.cases';
import { bodyOf, defaultValues } from '../../../sdk/features/wizard-schemas/values';
import { validateCreate } from '../../routes/study-create/rules.js';

describe('server rules mirror the quick and embedded wizard schemas', () => {
  it.each(['quick', 'embedded'] as const)('a valid %s form passes', (kind) => {
    expect(validateCreate(bodyOf(kind, validQuickEmbedded(kind, defaultValues(kind))), kind)).toEqual({});
  });
  it.each(QUICK_EMBEDDED_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const kind = c.kind as 'quick' | 'embedded';
    const body = bodyOf(kind, { ...validQuickEmbedded(kind, defaultValues(kind)), ...c.set });
    expect(validateCreate(body, kind)).toEqual({ [c.field]: c.message });
  });
});
