// The host's own React tree with Gazeboard elements inside: <gaze-provider> carries the API base,
// the embed token and the theme (light / dark, switched by the host's own button) for every
// element below; the elements' events reach React through typed `on<event>` props (React 19 adds
// them as listeners on the custom element), e.g. `ongaze-error`.
import { useState } from 'react';
// Registers <gaze-provider> and <gaze-demographics>, and brings their JSX typing (sdk/elements/registry.ts).
import '../../../sdk/elements/provider/provider.element';
import '../../../sdk/elements/demographics/demographics.element';
import type { ErrorDetail, NavigateDetail } from '../../../sdk/index';

export interface HostConfig {
  apiBase: string;
  token: string;
  studyId: string;
}

/** `?api=https://gazeboard.example/v1.0&token=gze_…&study=12` (a real host would get these from its server). */
export function configFromUrl(search: string): HostConfig {
  const q = new URLSearchParams(search);
  return { apiBase: q.get('api') ?? 'http://127.0.0.1:8080/v1.0', token: q.get('token') ?? '', studyId: q.get('study') ?? '' };
}

type Heard = { type: 'gaze-error'; detail: ErrorDetail } | { type: 'gaze-navigate'; detail: NavigateDetail };

const shell = (dark: boolean) => ({
  minHeight: '100vh', margin: 0, padding: '24px 32px', fontFamily: 'system-ui, sans-serif',
  background: dark ? '#0d1117' : '#f6f8fa', color: dark ? '#e6edf3' : '#1f2328',
});

export function App({ config }: { config: HostConfig }) {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [heard, setHeard] = useState<Heard[]>([]);
  const dark = theme === 'dark';
  return (
    <div style={shell(dark)}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 style={{ fontSize: 22 }}>Insights hub</h1>
        <button type="button" aria-pressed={dark} onClick={() => setTheme(dark ? 'light' : 'dark')}>
          Dark theme
        </button>
      </header>
      <gaze-provider api-base={config.apiBase} token={config.token} theme={theme}>
        <gaze-demographics
          study-id={config.studyId}
          style={{ borderRadius: 8, padding: 16 }}
          ongaze-error={(e) => setHeard((h) => [...h, { type: 'gaze-error', detail: e.detail }])}
          ongaze-navigate={(e) => setHeard((h) => [...h, { type: 'gaze-navigate', detail: e.detail }])}
        />
      </gaze-provider>
      <section aria-label="Events heard">
        <h2 style={{ fontSize: 16 }}>Events heard</h2>
        <ul>
          {heard.map((h, i) => (
            <li key={i}>
              {h.type === 'gaze-error' ? `gaze-error ${h.detail.kind} ${h.detail.status ?? 'offline'}: ${h.detail.message}` : `gaze-navigate ${h.detail.path}`}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
