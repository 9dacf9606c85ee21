import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { useMutation } from '../../core/resource/hooks';
import { sendContact } from '../../core/contact/contact';
import { Actions, Button, Card, ErrorText, Fieldset, FormikTextField, Heading, SuccessText } from '../../ui';
import { contactSchema } from './schema';

export function Contact() {
  const send = useMutation(sendContact);
  const sending = send.pending;
  const success = send.done;
  // A 400 refuses what the person typed: they must hear it. Other failures stay silent (D1-048).
  const refused = send.status === 'error' && send.errorStatus === 400 ? send.error : null;
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
          {/* Other failures show nothing (D1-048); every error stays in the store (D1-049). */}
          {success ? <SuccessText>Success</SuccessText> : null}
          {refused ? <ErrorText>{refused}</ErrorText> : null}
        </Form>
      </Formik>
    </Card>
  );
}

