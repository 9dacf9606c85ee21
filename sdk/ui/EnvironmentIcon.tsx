// The study list's Environment column: an icon per environment (D1-093), named by title and
// aria-label so it is readable without seeing the picture.
import type { ReactElement } from 'react';

export type EnvironmentKind = 'webcam' | 'mobile' | 'lab' | 'unknown';

/** Webcam, Mobile, Lab / All devices; anything else (or nothing) is Unknown. */
export function environmentKind(name: string | null | undefined): EnvironmentKind {
  const n = (name ?? '').trim().toLowerCase();
  if (n === 'webcam') return 'webcam';
  if (n === 'mobile') return 'mobile';
  if (n === 'lab' || n === 'all devices') return 'lab';
  return 'unknown';
}

export function environmentLabel(name: string | null | undefined): string {
  return environmentKind(name) === 'unknown' ? 'Unknown' : String(name).trim();
}

const PATHS: Record<EnvironmentKind, ReactElement> = {
  webcam: (
    <>
      <circle cx="12" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="10" r="2.5" fill="currentColor" />
      <path d="M7 21h10M12 17v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  mobile: (
    <>
      <rect x="7" y="2" width="10" height="20" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="18" r="1.2" fill="currentColor" />
    </>
  ),
  lab: (
    <>
      <rect x="2" y="4" width="20" height="13" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 21h8M12 17v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  unknown: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
    </>
  ),
};

export function EnvironmentIcon({ name, size = 20 }: { name: string | null | undefined; size?: number }) {
  const kind = environmentKind(name);
  const label = environmentLabel(name);
  return (
    <span part="environment-icon" data-kind={kind} title={label} role="img" aria-label={label} style={{ display: 'inline-flex' }}>
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {PATHS[kind]}
      </svg>
    </span>
  );
}
