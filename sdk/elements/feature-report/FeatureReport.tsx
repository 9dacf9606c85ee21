import { useMemo } from 'react';
import { parseReplayFilters } from '../../core/replay/replay';
import { ErrorText } from '../../ui';
import { parseStimKeys } from '../../core/reports/keys';
import { FeatureReport as Body } from '../../features/report-feature';

export interface FeatureReportProps {
  studyId?: number;
  /** Stim keys `cell:step:study:stim` joined by '|' (or ','). */
  stims?: string;
  /** The report's starting demographic filters as JSON, e.g. `{"age_group_ids":[1]}` (the dialog changes them). */
  filters?: string;
}

export function FeatureReportElement({ studyId = 0, stims, filters }: FeatureReportProps) {
  const given = useMemo(() => parseReplayFilters(filters), [filters]);
  const keys = useMemo(() => parseStimKeys(stims).filter((k) => Number(k.split(':')[2]) === studyId), [stims, studyId]);
  if (!studyId) return <ErrorText>No study given</ErrorText>;
  if (!keys.length) return <ErrorText>Please select at least one stim</ErrorText>;
  return <Body studyId={studyId} stims={keys} filters={given} />;
}
