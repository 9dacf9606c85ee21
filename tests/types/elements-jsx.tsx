// Type test (issue 20 item 4): `npx tsc -p tsconfig.json --noEmit` compiles this file, and every
// `@ts-expect-error` below must BE an error, or tsc fails ("Unused '@ts-expect-error' directive").
// So it proves a TypeScript / React host gets attribute, event and tag checking from the registry.
import '../../sdk/elements/demographics/demographics.element';
import '../../sdk/elements/study-wizard/study-wizard.element';
import '../../sdk/elements/provider/provider.element';
import { on, type GazeElement } from '../../sdk/index';

export function Good() {
  return (
    <gaze-provider theme="dark; primary: #7a3cff" api-base="https://gazeboard.example/v1.0">
      <gaze-demographics study-id={12} theme="light" ongaze-error={(e) => e.detail.status} />
      <gaze-study-wizard kind="digital-ad-test" ongaze-study-created={(e) => { e.preventDefault(); return e.detail.study_id; }} />
    </gaze-provider>
  );
}

export function WrongAttribute() {
  // @ts-expect-error `stims` is not an attribute of <gaze-demographics>
  return <gaze-demographics study-id="12" stims="1:2:3:4" />;
}

export function MissingRequired() {
  // @ts-expect-error `study-id` is required
  return <gaze-demographics />;
}

export function WrongTheme() {
  // @ts-expect-error a theme is a palette or `name: value` overrides, not a colour name
  return <gaze-demographics study-id="12" theme="purple" />;
}

export function WrongEventDetail() {
  // @ts-expect-error gaze-error's detail has no `path`
  return <gaze-demographics study-id="12" ongaze-error={(e) => e.detail.path} />;
}

export function dom(): void {
  const wizard = document.querySelector('gaze-study-wizard')!;
  const typed: GazeElement<'gaze-study-wizard'> = wizard;
  void typed;
  on(wizard, 'gaze-study-created', (e) => e.detail.start_url_test.length);
  // @ts-expect-error <gaze-study-wizard> does not fire gaze-signed-in
  on(wizard, 'gaze-signed-in', () => undefined);
  document.addEventListener('gaze-navigate', (e) => e.detail.path.length);
  // @ts-expect-error the navigate detail is { path }
  document.addEventListener('gaze-navigate', (e) => e.detail.study_id);
}
