// Shared presentational UI. No store access here: components take props, elements wire them.
export { tokens, GazeGlobalStyle } from './theme';
export { HostContext, useHost, useEmit, useNavigate, emitFrom, Link, NAVIGATE_EVENT, type HostInfo, type NavigateDetail } from './host';
export { Button, ButtonLink, type ButtonVariant } from './Button';
export { TextField, FormikTextField, FieldError, type TextFieldProps } from './TextField';
export { Toast, TOAST_DURATION_FEEDBACK, TOAST_DURATION_ERROR, type ToastProps } from './Toast';
export { Modal, type ModalProps } from './Modal';
export { Spinner } from './Spinner';
export { Table, type Column, type TableProps, type SortDir } from './Table';
export { Pagination, PageSizeSelect, PAGE_SIZES, pageWindow, type PaginationProps, type PageSizeSelectProps } from './Pagination';
export { SearchBox, SEARCH_DEBOUNCE_MS, type SearchBoxProps } from './SearchBox';
export { truncate } from './truncate';
export { Card, Heading, Fieldset, Actions, SuccessText, ErrorText } from './Form';
export { EnvironmentIcon, environmentKind, environmentLabel, type EnvironmentKind } from './EnvironmentIcon';
// Charts are NOT re-exported here (Highcharts would land in every element's bundle): import them
// from 'sdk/ui/charts'.
