import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';
import { VisuallyHidden } from './VisuallyHidden';

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space2};
  list-style: none;
  margin: 0;
  padding: 0;
  counter-reset: step;
  li { display: flex; align-items: center; gap: ${tokens.space2}; color: ${tokens.muted}; }
  li + li::before { content: ''; width: 24px; height: 1px; background: ${tokens.border}; }
  .dot {
    display: inline-flex; align-items: center; justify-content: center;
    width: 24px; height: 24px; border-radius: 50%;
    border: 1px solid ${tokens.muted}; font-size: 0.85em; flex: none;
  }
  li[data-state='done'] { color: ${tokens.text}; }
  li[data-state='done'] .dot { background: ${tokens.primary}; border-color: ${tokens.primary}; color: ${tokens.primaryText}; }
  li[data-state='current'] { color: ${tokens.text}; font-weight: 600; }
  li[data-state='current'] .dot { border: 2px solid ${tokens.primaryStrong}; color: ${tokens.primaryStrong}; }
  button { font: inherit; color: inherit; background: none; border: 0; padding: 0; display: inline-flex; align-items: center; gap: ${tokens.space2}; cursor: pointer; }
  button .label { text-decoration: underline; color: ${tokens.primaryStrong}; }
`;

export interface StepperStep {
  id: string;
  label: ReactNode;
}

export interface StepperProps {
  steps: StepperStep[];
  /** 0-based index of the step in progress. */
  current: number;
  /** When given, finished steps are buttons that go back to them. */
  onStepClick?: (index: number) => void;
  label?: string;
}

/** Wizard progress: an ordered list, the current step aria-current="step", finished steps announced as done. */
export function Stepper({ steps, current, onStepClick, label = 'Progress' }: StepperProps) {
  return (
    <nav aria-label={label} part="stepper">
      <List>
        {steps.map((s, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          const body = (
            <>
              <span className="dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="label">{s.label}</span>
              <VisuallyHidden>{state === 'done' ? ' (completed)' : state === 'todo' ? ' (not started)' : ''}</VisuallyHidden>
            </>
          );
          return (
            <li key={s.id} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              {state === 'done' && onStepClick ? (
                <button type="button" onClick={() => onStepClick(i)}>
                  {body}
                </button>
              ) : (
                body
              )}
            </li>
          );
        })}
      </List>
    </nav>
  );
}
