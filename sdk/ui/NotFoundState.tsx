import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';
import { ButtonLink } from './Button';

const Box = styled.section`
  text-align: center;
  padding: ${tokens.space5} ${tokens.space4} 48px;
  h1, h2 { font-size: 1.4em; margin: ${tokens.space2} 0; }
  p { color: ${tokens.muted}; margin: 0 0 ${tokens.space4}; }
  .code { font-size: 3em; font-weight: 700; color: ${tokens.primaryStrong}; line-height: 1; }
`;

export interface NotFoundStateProps {
  /** e.g. 'Study not found'. */
  title: string;
  /** What may have happened, in the reader's words. */
  children?: ReactNode;
  /** The way back: a real link (gaze-navigate on a plain click), e.g. '/my_studies'. */
  backHref: string;
  backLabel: string;
  /**
   * 1 when the state replaces an element that titles its page with an h1 (the page keeps exactly
   * one h1, issue 38); default 2, under a page title the host shows.
   */
  level?: 1 | 2;
}

/**
 * What an element shows instead of its content when the thing it was asked for does not exist
 * (a 404 from the server, or an id that cannot be one): a heading, a sentence, and a way back.
 * `part="not-found"`, a region named by its heading.
 */
export function NotFoundState({ title, children, backHref, backLabel, level = 2 }: NotFoundStateProps) {
  const id = useId();
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <Box part="not-found" aria-labelledby={id}>
      <div className="code" aria-hidden="true">
        404
      </div>
      <H id={id}>{title}</H>
      {children ? <p>{children}</p> : null}
      <ButtonLink part="back" href={backHref}>
        {backLabel}
      </ButtonLink>
    </Box>
  );
}
