import { useMemo } from 'react';
import { ErrorText } from '../../ui';
import { parseStimKeys } from '../../core/reports/keys';
import { AttentionReport as Body } from '../../features/report-attention';

export interface AttentionReportProps {
  studyId?: number;
  /** Stim keys `cell:step:study:stim` joined by '|' (or ','). */
  stims?: string;
}

export function AttentionReportElement({ studyId = 0, stims }: AttentionReportProps) {
  const keys = useMemo(() => parseStimKeys(stims).filter((k) => Number(k.split(':')[2]) === studyId), [stims, studyId]);
  if (!studyId) return <ErrorText>No study given</ErrorText>;
  if (!keys.length) return <ErrorText>Please select at least one stim</ErrorText>;
  return <Body studyId={studyId} stims={keys} />;
}
