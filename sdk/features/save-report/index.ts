export { SaveToMyReports, SAVE_LABEL, SAVED_TEXT, NAME_REQUIRED, type SaveToMyReportsProps } from './SaveToMyReports';
