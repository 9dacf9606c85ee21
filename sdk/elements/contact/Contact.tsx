import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { useMutation } from '../../core/resource/hooks';
import { sendContact } from '../../core/contact/contact';
import { Actions, Button, Card, Fieldset, FormikTextField, Heading, SuccessText } from '../../ui';
import { contactSchema } from './schema';

export function Contact() {
  const send = useMutation(sendContact);
  const sending = send.pending;
  const success = send.done;
  const { reset } = send;

  // A 'Success' from an earlier visit must not greet a fresh form.
  useEffect(() => {
    reset();
  }, [reset]);

  return (
    <Card>
      <Heading>Contact us</Heading>
      <Formik
        initialValues={{ email: '', message: '' }}
        validationSchema={contactSchema}
        onSubmit={(v) => {
          send.run({ email: v.email.trim(), message: v.message });
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
