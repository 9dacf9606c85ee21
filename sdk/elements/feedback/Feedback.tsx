import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { useMutation } from '../../core/resource/hooks';
import { FEEDBACK_FAILURE, FEEDBACK_SUCCESS, sendFeedback } from '../../core/feedback/feedback';
import { Actions, Button, FormikTextField, Toast, TOAST_DURATION_FEEDBACK, tokens } from '../../ui';
import { feedbackSchema } from './schema';

const Trigger = styled(Button)`
  position: fixed;
  right: 24px;
  bottom: 24px;
  z-index: 800;
  border-radius: 999px;
  box-shadow: ${tokens.shadow};
`;

// Docked (the dashboard's header): the button sits in the flow, so it never covers a page's own
// controls; the panel opens under the header instead of above a floating button.
const DockedTrigger = styled(Button)`
  border-radius: 999px;
`;

const Panel = styled.section<{ $docked: boolean }>`
  position: fixed;
  right: 24px;
  ${(p) => (p.$docked ? 'top: 64px;' : 'bottom: 80px;')}
  z-index: 800;
  width: min(360px, calc(100vw - 48px));
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  padding: 16px;
`;

const Title = styled.h2`
  font-size: 1.1em;
  margin: 0 0 12px;
`;

export interface FeedbackProps {
  /** In the flow (a header) instead of floating over the page's bottom-right corner. */
  docked?: boolean;
}

export function Feedback({ docked = false }: FeedbackProps) {
  const send = useMutation(sendFeedback);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // The panel takes focus when opened (its message field); closing by Escape returns it.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('textarea, input')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close();
  };
  const TriggerButton = docked ? DockedTrigger : Trigger;
  const [toast, setToast] = useState<{ id: number; kind: 'success' | 'error'; text: string } | null>(null);

  // Each finished send is one toast (a new id restarts its timer, D1-058..060).
  const outcome = send.done ? 'success' : send.status === 'error' ? 'error' : null;
  const runs = send.count;
  useEffect(() => {
    if (outcome) setToast((t) => ({ id: (t?.id ?? 0) + 1, kind: outcome, text: outcome === 'success' ? FEEDBACK_SUCCESS : FEEDBACK_FAILURE }));
  }, [outcome, runs]);

  return (
    <>
      <TriggerButton ref={trigger} part="trigger" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Ideas form
      </TriggerButton>
      {open ? (
        <Panel ref={panel} part="panel" $docked={docked} aria-label="Give us ideas for new features!" onKeyDown={onPanelKey}>
          <Title>Give us ideas for new features!</Title>
          <Formik
            initialValues={{ message: '' }}
            validationSchema={feedbackSchema}
            onSubmit={(v, { resetForm }) => {
              send.run(v.message);
              // Reset and close at once (D1-057); the toast reports the outcome.
              resetForm();
              setOpen(false);
            }}
          >
            <Form noValidate part="form">
              <FormikTextField name="message" label="I think the dashboard could be improved by..." multiline rows={5} />
              <Actions>
                <Button type="submit">Submit Feedback</Button>
              </Actions>
            </Form>
          </Formik>
        </Panel>
      ) : null}
      {toast ? (
        <Toast
          key={toast.id}
          text={toast.text}
          kind={toast.kind}
          duration={TOAST_DURATION_FEEDBACK}
          onClose={() => setToast((t) => (t?.id === toast.id ? null : t))}
        />
      ) : null}
    </>
  );
}

