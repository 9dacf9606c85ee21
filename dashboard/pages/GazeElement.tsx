// Places one SDK custom element by tag name, loading its code on first use (sdk/define-lazy.ts: one
// chunk per element, so a route's screen arrives with the route). Tags are strings on purpose:
// elements being written by other teams may not exist in this build, and the page must still work.
import { createElement, useEffect, useState } from 'react';
import { loadElement } from '../../sdk/define-lazy';

export interface GazeElementProps {
  tag: `gaze-${string}`;
  /** Attributes in their kebab-case form (`study-id`), set as attributes. */
  attrs?: Record<string, string | number | boolean | undefined>;
}

type State = 'loading' | 'defined' | 'missing' | 'failed';

/** One instance per tag: React reuses a component across routes, and one tag's state is not another's. */
export function GazeElement(props: GazeElementProps) {
  return <PlacedElement key={props.tag} {...props} />;
}

function PlacedElement({ tag, attrs = {} }: GazeElementProps) {
  const [state, setState] = useState<State>(() => (customElements.get(tag) !== undefined ? 'defined' : 'loading'));
  useEffect(() => {
    if (state === 'defined') return;
    let live = true;
    loadElement(tag).then(
      (ok) => live && setState(ok ? 'defined' : 'missing'),
      // A chunk that cannot be fetched (offline, or a deployment replaced it): say so, keep the frame.
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [tag, state]);

  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    attributes[k] = v === true ? '' : String(v);
  }
  return (
    <>
      {createElement(tag, { ...attributes, class: 'gz-element' })}
      {state === 'loading' ? <span className="gz-element-loading" role="status" aria-label="Loading" /> : null}
      {state === 'missing' ? (
        <p className="gz-muted" role="status">
          This part of the dashboard is not available in this build.
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="gz-muted" role="alert">
          This part of the dashboard could not be loaded. Check the connection and <a href="">reload the page</a>.
        </p>
      ) : null}
    </>
  );
}
