import { useState } from 'react';
import { Form, Formik } from 'formik';
import styled from 'styled-components';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { feedbackActions } from '../../core/feedback/slice';
import { selectFeedbackToast } from '../../core/feedback/selectors';
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

const Panel = styled.section`
  position: fixed;
  right: 24px;
  bottom: 80px;
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

export function Feedback() {
  const dispatch = useGazeDispatch();
  const toast = useGazeSelector(selectFeedbackToast);
  const [open, setOpen] = useState(false);

  return (
    <>
      <Trigger part="trigger" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Ideas form
      </Trigger>
      {open ? (
        <Panel part="panel" aria-label="Give us ideas for new features!">
          <Title>Give us ideas for new features!</Title>
          <Formik
            initialValues={{ message: '' }}
            validationSchema={feedbackSchema}
            onSubmit={(v, { resetForm }) => {
              dispatch(feedbackActions.send(v.message));
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
          onClose={() => dispatch(feedbackActions.dismissToast(toast.id))}
        />
      ) : null}
    </>
  );
}

export default Feedback;
