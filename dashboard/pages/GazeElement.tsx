// Places one SDK custom element by tag name. Tags are strings on purpose: elements being written
// by other teams may not be registered yet, and the page must still work without them.
import { createElement, useEffect, useState } from 'react';

export interface GazeElementProps {
  tag: `gaze-${string}`;
  /** Attributes in their kebab-case form (`study-id`), set as attributes. */
  attrs?: Record<string, string | number | boolean | undefined>;
}

export function GazeElement({ tag, attrs = {} }: GazeElementProps) {
  const [defined, setDefined] = useState(() => customElements.get(tag) !== undefined);
  useEffect(() => {
    if (defined) return;
    let live = true;
    void customElements.whenDefined(tag).then(() => live && setDefined(true));
    return () => {
      live = false;
    };
  }, [tag, defined]);

  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    attributes[k] = v === true ? '' : String(v);
  }
  return (
    <>
      {createElement(tag, { ...attributes, class: 'gz-element' })}
      {defined ? null : (
        <p className="gz-muted" role="status">
          This part of the dashboard is not available in this build.
        </p>
      )}
    </>
  );
}
