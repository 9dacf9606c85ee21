import styled from 'styled-components';
import { tokens } from './theme';

/** A card around a form; elements put their Formik <Form noValidate> inside. */
export const Card = styled.div.attrs({ part: 'card' })`
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  padding: 24px;
  max-width: 480px;
`;

export const Heading = styled.h1`
  font-size: 1.4em;
  margin: 0 0 16px;
`;

/** Wraps a form's controls: disabling it disables every control inside while saving or sending. */
export const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
`;

export const Actions = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  margin-top: 8px;
  flex-wrap: wrap;
`;

export const SuccessText = styled.div.attrs({ part: 'success', role: 'status' })`
  color: ${tokens.success};
  margin-top: 12px;
`;

export const ErrorText = styled.div.attrs({ part: 'error', role: 'alert' })`
  color: ${tokens.danger};
  margin-top: 12px;
`;
