import { useMemo } from 'react';
import { ErrorText } from '../../ui';
import { parseStimKeys } from '../../core/reports/keys';
import { FeatureReport as Body } from '../../features/report-feature';

export interface FeatureReportProps {
  studyId?: number;
  /** Stim keys `cell:step:study:stim` joined by '|' (or ','). */
  stims?: string;
}

export function FeatureReportElement({ studyId = 0, stims }: FeatureReportProps) {
  const keys = useMemo(() => parseStimKeys(stims).filter((k) => Number(k.split(':')[2]) === studyId), [stims, studyId]);
  if (!studyId) return <ErrorText>No study given</ErrorText>;
  if (!keys.length) return <ErrorText>Please select at least one stim</ErrorText>;
  return <Body studyId={studyId} stims={keys} />;
}
