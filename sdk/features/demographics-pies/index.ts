// Demographics pies shared by <gaze-demographics> and <gaze-demographic-report>.
export { DemographicsBody, useDemographics, validStudyId, SplitDownload, FilterModal } from './DemographicsPies';
