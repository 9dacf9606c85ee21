// The AOI editor as a page another origin frames (issue 39): the legacy front end's addresses
// {API}/stimuli/stimulus/feature-editor/?stimulus_id={id} (study stims) and
// {API}/stimuli/tpstimulus/tpstimuli-feature-editor/?stimulus_id={id} (batch stims). The same
// <gaze-aoi-editor> the dashboard's /stims/aoi/{id} places, saving through the same API, signed in
// with the framing client's token (frame-token.ts), else with this origin's own session.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { GazeElement } from '../GazeElement';
import { useAuthenticated } from '../Guards';
import {
  FRAME_TOKEN_KEY, TOKEN_REQUEST, editorTarget, fragmentWithoutToken, tokenFromFragment, tokenFromMessage,
} from './frame-token';

function stored(): string | null {
  try {
    return sessionStorage.getItem(FRAME_TOKEN_KEY);
  } catch {
    return null;
  }
}

function keep(token: string) {
  try {
    sessionStorage.setItem(FRAME_TOKEN_KEY, token);
  } catch {
    /* storage refused (a partitioned frame): the token lives in memory for this page */
  }
}

export function AoiEditorFrame() {
  const location = useLocation();
  const signedIn = useAuthenticated();
  const [token, setToken] = useState<string | null>(() => {
    const fromHash = tokenFromFragment(window.location.hash);
    if (fromHash) {
      keep(fromHash);
      // Out of the address bar at once: the fragment is not sent anywhere, but it is shown and copied.
      history.replaceState(history.state, '', window.location.pathname + window.location.search + fragmentWithoutToken(window.location.hash));
      return fromHash;
    }
    return stored();
  });

  useEffect(() => {
    if (token || window.parent === window) return;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      const t = tokenFromMessage(e.data);
      if (t) {
        keep(t);
        setToken(t);
      }
    };
    window.addEventListener('message', onMessage);
    // The request carries nothing secret: any parent may see it; only an allowed one can frame us.
    window.parent.postMessage({ type: TOKEN_REQUEST }, '*');
    return () => window.removeEventListener('message', onMessage);
  }, [token]);

  const target = editorTarget(location.pathname, location.search);
  if (!target) {
    return (
      <main className="gz-public" role="alert">
        <p>This editor address names no stim: it needs ?stimulus_id= with the stim's id.</p>
      </main>
    );
  }
  if (!token && !signedIn) {
    return (
      <main className="gz-public" role="status">
        <p>Waiting for the framing page to sign this editor in (see the legacy front end section of the API documentation).</p>
      </main>
    );
  }
  return (
    <main className="gz-embed">
      <GazeElement tag="gaze-aoi-editor" attrs={{ 'stim-id': target.stimId, type: target.type, token: token ?? undefined }} />
    </main>
  );
}
