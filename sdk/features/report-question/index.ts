// The question report's body (spec document 3 §2.21): used by <gaze-question-report>.
export { QuestionReport, type QuestionReportProps } from './QuestionReport';
export { QuestionChart } from './QuestionChart';
export { OVERVIEW_ERROR_IMAGE, NO_RESULTS_IMAGE } from './images';
