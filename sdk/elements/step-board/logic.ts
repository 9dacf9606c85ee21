// The board's pure rules (spec document 2 §2.3, §5, §9): truncation, colours, the step choices and
// their explanations, search, and the new-cell and new-item checks. Unit-tested in logic.test.ts.
import { CHART_PALETTE } from '../../ui';
import type { OptionType, StepOption, StepType } from '../../../contract/board';
import { CELL_NAME_MAX, INVALID_URL_MESSAGE, SHORT_NAME_MAX, STEP_TYPE_LABELS } from '../../../contract/values/board';

export { INVALID_URL_MESSAGE, STEP_TYPE_LABELS };
/** 'SAVED' stays this long after a change (D2-076). */
export const SAVED_MS = 1800;
export const MIN_CELL_WIDTH = 300;
export const MIN_CELL_WIDTH_DENSE = 180;

/** Longer than 19 characters: the first 18 and '...' (D2-079). */
export const cellTitle = (name: string) => (name.length > 19 ? `${name.slice(0, 18)}...` : name);
/** Above 30 characters: the first 30 and '...' (D2-080). */
export const stepTitle = (name: string) => (name.length > 30 ? `${name.slice(0, 30)}...` : name);
/** URL previews: 24 characters (D2-121). */
export const urlPreview = (url: string) => (url.length > 24 ? `${url.slice(0, 24)}...` : url);

/** The cell's colour bar: the 15-colour palette by position (D2-068). */
export const cellColour = (index: number) => CHART_PALETTE[((index % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length];

export type StepTone = 'orange' | 'green' | 'teal';
/** Orange for Cache Page, Stim and Embedded; green for External and Question; teal otherwise (D2-077). */
export function stepTone(type: string): StepTone {
  if (type === 'cache' || type === 'stim' || type === 'embedded') return 'orange';
  if (type === 'external' || type === 'question') return 'green';
  return 'teal';
}
export const TONE_COLOURS: Record<StepTone, string> = { orange: '#f28e2b', green: '#59a14f', teal: '#2a9d8f' };

export const stepLabel = (type: string) => STEP_TYPE_LABELS[type as StepType] ?? `${type} Step`;

/** A choice of the Create new step dialog. */
export type StepChoice = StepType | 'new-stim';
export interface ChoiceGroup {
  title: string;
  choices: { value: StepChoice; label: string; hint: string }[];
}

/** The ten choices in their three groups (D2-111; Calibration among the control steps, resolution 10). */
export const STEP_CHOICES: ChoiceGroup[] = [
  {
    title: 'Control steps',
    choices: [
      { value: 'command', label: 'Command', hint: 'A step the respondent does not see: calibrate, recalibrate, or start or stop the camera.' },
      { value: 'instruction', label: 'Instruction', hint: 'A screen that explains what happens next.' },
      { value: 'validation', label: 'Validation', hint: 'Confirms the eye-tracking accuracy before the stims are shown.' },
      { value: 'calibration', label: 'Calibration', hint: 'The respondent looks at points on the screen to calibrate the eye tracking.' },
    ],
  },
  {
    title: 'Stim steps',
    choices: [
      { value: 'cache', label: 'Cache Page', hint: 'A copied, hosted web page that usually contains ads.' },
      { value: 'stim', label: 'Stim', hint: 'One piece of stimulus: an ad or a media item from the stim library.' },
      { value: 'new-stim', label: 'New Stim', hint: 'Upload new stims with the bulk stim uploader.' },
      { value: 'embedded', label: 'Embedded', hint: 'A third-party page shown within the study.' },
    ],
  },
  {
    title: 'Question steps',
    choices: [
      { value: 'question', label: 'Question', hint: 'A question or set of questions on the question platform.' },
      { value: 'external', label: 'External', hint: 'A redirect to an outside website, such as a survey platform.' },
    ],
  },
];

export const optionTypeOf = (choice: StepChoice | ''): OptionType | null =>
  choice === 'instruction' || choice === 'cache' || choice === 'question' || choice === 'external' || choice === 'embedded' || choice === 'stim' || choice === 'command'
    ? choice : null;

/** Case-insensitive on the name (instruction_name for instructions) (D2-126). */
export function matchesSearch(option: StepOption, type: OptionType, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  const name = type === 'instruction' ? option.instruction_name ?? option.name : option.name;
  return name.toLowerCase().includes(t);
}

/** New cell and rename checks (D2-102, D2-103): '* required', 'Too Long!'. */
export function cellErrors(v: { cellName: string; shortName: string }): { cellName?: string; shortName?: string } {
  const out: { cellName?: string; shortName?: string } = {};
  if (!v.cellName.trim()) out.cellName = '* required';
  else if (v.cellName.length > CELL_NAME_MAX) out.cellName = 'Too Long!';
  if (!v.shortName.trim()) out.shortName = '* required';
  else if (v.shortName.length > SHORT_NAME_MAX) out.shortName = 'Too Long!';
  return out;
}

const PRIVATE_V4 = [
  [0, 8], [10, 8], [100 << 24 | 64 << 16, 10], [127 << 24, 8], [169 << 24 | 254 << 16, 16], [172 << 24 | 16 << 16, 12],
  [192 << 24 | 168 << 16, 16], [192 << 24, 24], [198 << 24 | 18 << 16, 15], [224 << 24, 4], [240 << 24, 4],
].map(([net, bits]) => [bits === 8 && net < 256 ? net << 24 : net, bits] as const);

function privateV4(host: string): boolean {
  const parts = host.split('.').map(Number);
  const n = ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
  return PRIVATE_V4.some(([net, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (net >>> 0 & mask) >>> 0;
  });
}

/**
 * The form's URL check (D2-122): http, https or ftp, a public host. The server checks the same
 * rules (server/domain/urls.ts) and more; this one spares a round trip.
 */
export function isValidUrl(input: string): boolean {
  const text = input.trim();
  if (!/^(https?|ftp):\/\/[^/\s]/i.test(text) || /\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !privateV4(host);
  if (host.includes(':')) {
    const h = host.toLowerCase();
    if (h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || /^ff/.test(h)) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    return mapped ? !privateV4(mapped[1]) : !h.startsWith('::ffff:');
  }
  const labels = host.split('.');
  if (labels.length < 2 || !/^[a-z]{2,63}$|^xn--/i.test(labels[labels.length - 1])) return false;
  return !/(^|\.)(localhost|local|localdomain|internal|intranet|lan|corp|home\.arpa)$/i.test(host);
}
