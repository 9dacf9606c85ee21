import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Spinner, tokens } from '../../ui';
import { SECTION_ERROR_MS } from './format';
import { startTimer } from './timers';

const Box = styled.section`
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLg};
  padding: ${tokens.space4};
  min-width: 0;
  header {
    display: flex;
    flex-wrap: wrap;
    gap: ${tokens.space3};
    align-items: flex-end;
    justify-content: space-between;
    margin-bottom: ${tokens.space3};
  }
  h2 { font-size: 1.15em; margin: 0; }
  .controls { display: flex; flex-wrap: wrap; gap: ${tokens.space3}; align-items: flex-end; }
  .busy { display: flex; justify-content: center; padding: ${tokens.space5}; }
`;
const Alert = styled.div`
  border-left: 6px solid ${tokens.danger};
  background: ${tokens.surfaceAlt};
  padding: ${tokens.space3};
  margin-bottom: ${tokens.space3};
  border-radius: ${tokens.radius};
`;
const InfoButton = styled.button`
  font: inherit;
  border: 1px solid ${tokens.border};
  background: ${tokens.surface};
  color: ${tokens.primaryStrong};
  border-radius: 50%;
  width: 28px;
  height: 28px;
  cursor: pointer;
  font-weight: 700;
  &[aria-pressed='true'] { background: ${tokens.primary}; color: ${tokens.primaryText}; border-color: ${tokens.primary}; }
`;

export interface ReportSectionProps {
  title: string;
  part: string;
  /** Selectors shown beside the title. */
  controls?: ReactNode;
  loading?: boolean;
  /** The section's own error: shown for 6 s (resolution 21), then a retry button stays. */
  error?: string | null;
  onRetry?: () => void;
  /** The explanatory view the info toggle swaps in for the content (D3-203). */
  info?: ReactNode;
  children?: ReactNode;
}

/** One report section with its own loading indicator (D3-202), info toggle and error. */
export function ReportSection({ title, part, controls, loading, error, onRetry, info, children }: ReportSectionProps) {
  const headingId = useId();
  const [showInfo, setShowInfo] = useState(false);
  const [alertShown, setAlertShown] = useState(false);
  useEffect(() => {
    if (!error) {
      setAlertShown(false);
      return;
    }
    setAlertShown(true);
    return startTimer(() => setAlertShown(false), SECTION_ERROR_MS);
  }, [error]);

  return (
    <Box part={part} aria-labelledby={headingId} aria-busy={loading ? true : undefined}>
      <header>
        <h2 id={headingId}>{title}</h2>
        <div className="controls">
          {controls}
          {info ? (
            <InfoButton type="button" part="info-toggle" aria-pressed={showInfo} aria-label={`About ${title}`} onClick={() => setShowInfo((v) => !v)}>
              i
            </InfoButton>
          ) : null}
        </div>
      </header>
      {error && alertShown ? <Alert role="alert" part="section-error">{error}</Alert> : null}
      {showInfo && info ? (
        <div part="info">{info}</div>
      ) : loading ? (
        <div className="busy"><Spinner $size={32} /></div>
      ) : error ? (
        onRetry ? <Button type="button" $variant="secondary" onClick={onRetry} part="retry">Try again</Button> : null
      ) : (
        children
      )}
    </Box>
  );
}
