// Highcharts 13 declares its colour variables (--highcharts-background-color, …) in a <style>
// under `:root`, which matches nothing inside a shadow root: charts there render with a black
// background and invisible text (toolchain pitfall 2). After every render of a chart that lives
// in a shadow root, the rule is rewritten to `:host`, where the variables reach the whole tree.
import type HighchartsTypes from 'highcharts';
import Highcharts from './master';

export function fixShadowPalette(container: HTMLElement | null | undefined): boolean {
  if (!container || typeof ShadowRoot === 'undefined' || !(container.getRootNode() instanceof ShadowRoot)) return false;
  let changed = false;
  for (const style of Array.from(container.querySelectorAll('style.highcharts-palette'))) {
    const css = style.textContent ?? '';
    if (css.includes(':root')) {
      style.textContent = css.replace(/:root\b/g, ':host');
      changed = true;
    }
  }
  return changed;
}

let installed = false;

/** Installs the render hook once per page, for every chart (ours and any other element's). */
export function installShadowPaletteFix(): void {
  if (installed) return;
  installed = true;
  Highcharts.addEvent(Highcharts.Chart, 'render', function (this: HighchartsTypes.Chart) {
    fixShadowPalette(this.container);
  });
}
