// 'External Pages' of the quick study wizard (spec D3 §2.7, §3; D3-103, D3-106): the study pages
// respondents are sent through, in order, each with the parameter the participant id is inserted
// as. Rows are added and removed with buttons (at least one stays); a new row's URL field takes the
// focus, and a removed row hands it to the row that takes its place.
import { useEffect, useRef, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button, FieldError, TextField, tokens } from '../../ui';
import { blankQuickStep, type QuickStepValues } from '../wizard-schemas/quick-values';

const Rows = styled.ol`
  list-style: none; padding: 0; margin: 0 0 ${tokens.space3};
  li { display: grid; gap: ${tokens.space2} ${tokens.space3}; grid-template-columns: minmax(0, 3fr) minmax(0, 1fr) auto; align-items: start;
    border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: ${tokens.space3}; margin-bottom: ${tokens.space2}; }
  li > button { margin-top: 1.7em; }
  @container (max-width: 560px) { li { grid-template-columns: 1fr; } li > button { margin-top: 0; justify-self: start; } }
`;
const Wrap = styled.div`container-type: inline-size;`;

export interface ExternalPagesProps {
  steps: QuickStepValues[];
  errors: Record<string, string>;
  onChange: (steps: QuickStepValues[]) => void;
}

export function ExternalPages({ steps, errors, onChange }: ExternalPagesProps) {
  const list = useRef<HTMLOListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    const inputs = list.current?.querySelectorAll<HTMLInputElement>('input[data-url]');
    inputs?.[Math.min(focusRow.current, inputs.length - 1)]?.focus();
    focusRow.current = null;
  }, [steps.length]);
  const edit = (i: number, patch: Partial<QuickStepValues>) => onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const add = () => { focusRow.current = steps.length; onChange([...steps, blankQuickStep()]); };
  const remove = (i: number) => { focusRow.current = i; onChange(steps.filter((_, j) => j !== i)); };
  return (
    <Wrap part="external-pages">
      <p>The pages respondents are sent through, in this order. The participant id is added to a page's address as its insert parameter.</p>
      {errors.quick_step_list ? <FieldError part="list-error">{errors.quick_step_list}</FieldError> : null}
      <Rows ref={list} aria-label="External pages">
        {steps.map((s, i) => (
          <li key={i} part="external-page">
            <TextField label={`Page ${i + 1} URL`} data-url="" type="url" inputMode="url" value={s.url} error={errors[`quick_step_list.${i}.url`] ?? null}
              onChange={(e: ChangeEvent<HTMLInputElement>) => edit(i, { url: e.target.value })} />
            <TextField label="Insert parameter" value={s.insert_parameter} error={errors[`quick_step_list.${i}.insert_parameter`] ?? null}
              onChange={(e: ChangeEvent<HTMLInputElement>) => edit(i, { insert_parameter: e.target.value })} />
            <Button type="button" part="remove-page" $variant="secondary" disabled={steps.length <= 1}
              aria-label={`Remove page ${i + 1}`} onClick={() => remove(i)}>Remove</Button>
          </li>
        ))}
      </Rows>
      <Button type="button" part="add-page" $variant="secondary" onClick={add}>Add page</Button>
    </Wrap>
  );
}
