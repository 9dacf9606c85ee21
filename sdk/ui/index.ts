// Shared presentational UI. No store access here: components take props, elements wire them.
// Every piece is keyboard-operable and renders inside the element's shadow root; see README.md.
export { tokens, THEME, CHART_PALETTE, GazeGlobalStyle } from './theme';
export { contrastRatio, luminance } from './contrast';
export { formatDate, formatDateTime, type DateInput, type FormatOptions } from './format';
export { GAZE_EVENTS } from './events';
export { HostContext, useHost, useEmit, useNavigate, Link, NAVIGATE_EVENT, type HostInfo, type NavigateDetail } from './host';
export { deepActiveElement, tabbables, useFocusTrap, type FocusTrapOptions, type InitialFocus } from './focus';
export { VisuallyHidden } from './VisuallyHidden';
export { Button, ButtonLink, type ButtonVariant } from './Button';
export { TextField, FieldError, type TextFieldProps } from './TextField';
export { FormikTextField } from './FormikTextField';
export { FormikDateField } from './FormikDateField';
export { DateTimeField, parseDayMonthYear, isDateValue, isDateTimeValue, dateText, DATE_FORMAT_HINT, DATE_INVALID, DATE_TIME_INVALID } from './DateField';
export { Select, type SelectProps, type SelectOption } from './Select';
export { CheckboxGroup, type CheckboxGroupProps, type CheckboxOption } from './CheckboxGroup';
export { Switch, type SwitchProps } from './Switch';
export { Menu, type MenuProps, type MenuItem } from './Menu';
export { Tabs, type TabsProps, type TabItem } from './Tabs';
export { Tooltip, type TooltipProps } from './Tooltip';
export { Toast, TOAST_DURATION_FEEDBACK, TOAST_DURATION_ERROR, type ToastProps, type ToastKind } from './Toast';
export { Modal, type ModalProps } from './Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { FileDrop, type FileDropProps } from './FileDrop';
export { sortFiles, matchesAccept, formatBytes, type FileRejection, type AcceptRules } from './fileAccept';
export { Stepper, type StepperProps, type StepperStep } from './Stepper';
export { Spinner } from './Spinner';
export {
  DataTable, sortFromOrderBy, orderByFromSort, type DataTableProps, type DataColumn, type DataTablePaging, type SortState, type SortDirection, type RowKey,
} from './DataTable';
export { visibleColumns, type FitColumn } from './columnFit';
export { Pagination, PageSizeSelect, PAGE_SIZES, pageWindow, type PaginationProps, type PageSizeSelectProps } from './Pagination';
export { SearchBox, SEARCH_DEBOUNCE_MS, type SearchBoxProps } from './SearchBox';
export { SortableList, type SortableListProps } from './SortableList';
export { truncate } from './truncate';
export { Card, Heading, Fieldset, Actions, SuccessText, ErrorText } from './Form';
export { NotFoundState, type NotFoundStateProps } from './NotFoundState';
export { EnvironmentIcon, environmentKind, environmentLabel, type EnvironmentKind } from './EnvironmentIcon';
// Charts are NOT re-exported here: the Highcharts import (with its accessibility module) has side
// effects, so it would land in every element's bundle. Import them from 'sdk/ui/charts'.
export { CopyButton, type CopyButtonProps } from './CopyButton';
