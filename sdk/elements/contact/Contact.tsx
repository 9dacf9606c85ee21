import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { useGazeDispatch, useGazeSelector } from '../../core/store/context';
import { contactActions } from '../../core/contact/slice';
import { selectContactSending, selectContactSuccess } from '../../core/contact/selectors';
import { Actions, Button, Card, Fieldset, FormikTextField, Heading, SuccessText } from '../../ui';
import { contactSchema } from './schema';

export function Contact() {
  const dispatch = useGazeDispatch();
  const sending = useGazeSelector(selectContactSending);
  const success = useGazeSelector(selectContactSuccess);

  // A 'Success' from an earlier visit must not greet a fresh form.
  useEffect(() => {
    dispatch(contactActions.reset());
  }, [dispatch]);

  return (
    <Card>
      <Heading>Contact us</Heading>
      <Formik
        initialValues={{ email: '', message: '' }}
        validationSchema={contactSchema}
        onSubmit={(v) => {
          dispatch(contactActions.send({ email: v.email.trim(), message: v.message }));
        }}
      >
        <Form noValidate part="form">
          <Fieldset disabled={sending} aria-busy={sending}>
            <FormikTextField name="email" label="Email" type="email" autoComplete="email" />
            <FormikTextField name="message" label="Message" multiline rows={6} />
            <Actions>
              <Button type="submit">Send</Button>
            </Actions>
          </Fieldset>
          {/* Failure shows nothing (D1-048); the error stays in the store (D1-049). */}
          {success ? <SuccessText>Success</SuccessText> : null}
        </Form>
      </Formik>
    </Card>
  );
}

export default Contact;
