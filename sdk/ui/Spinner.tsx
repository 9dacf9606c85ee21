import styled, { keyframes } from 'styled-components';
import { tokens } from './theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span.attrs({ role: 'progressbar', 'aria-label': 'Loading', part: 'spinner' })<{ $size?: number }>`
  display: inline-block;
  width: ${(p) => p.$size ?? 20}px;
  height: ${(p) => p.$size ?? 20}px;
  border: 2px solid ${tokens.border};
  border-top-color: ${tokens.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;
