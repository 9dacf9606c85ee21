import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Spinner, Toast, tokens, TOAST_DURATION_ERROR } from '../../ui';
import { useApi } from '../../core/resource/hooks';
import { clearLayerUrl, downloadVideoVisual, downloadVisual } from '../../core/download/download';
import { DOWNLOAD_ERROR } from '../../core/reports/downloads';
import { PLACEHOLDER_IMAGE, VISUAL_ERROR_IMAGE } from './images';
import { VISUAL_TIMEOUT_MS } from './format';
import { preloadImage, startTimer } from './timers';

/** A video stim stored as a still (the demo's mock-ups: a PNG frame): the server draws it itself. */
export const isStillSource = (src: string): boolean => /\.(png|jpe?g|webp|gif|avif)([?#]|$)/i.test(src);

export type VisualState = 'loading' | 'loaded' | 'timeout' | 'broken';

const Frame = styled.div`
  position: relative;
  min-height: 80px;
  display: flex;
  flex-direction: column;
  gap: 4px;
  align-items: center;
  justify-content: center;
  img, video { display: block; max-width: 100%; height: auto; }
  [role='progressbar'] { margin: 24px; }
  .stack { position: relative; max-width: 100%; background: #404040; }
  .stack > video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: fill; }
  .stack > img { position: relative; }
`;

export interface ReportImageProps {
  src: string | null | undefined;
  alt: string;
  /** A video plays with its controls (D3-224). */
  video?: boolean;
  part?: string;
  /**
   * Offer 'Download image' once the image has loaded: saved under this file name and recorded in
   * My Downloads (kind visual) for the study.
   */
  download?: { fileName: string; studyId?: number | null };
  /**
   * A video stim's source: the visual (a server PNG) is asked for as a clear layer and shown, and
   * downloaded, over the video's first frame, which only the browser decodes (issue 37).
   */
  frame?: string | null;
}

/**
 * A report visual (D3-226, D3-227): a spinner until the image has loaded (or the video can play),
 * the error image when that takes longer than 3 s, the placeholder when the media is broken or
 * missing. A new `src` starts over.
 */
export function ReportImage({ src: visualSrc, alt, video = false, part = 'visual', download, frame }: ReportImageProps) {
  const api = useApi();
  const layered = Boolean(frame && visualSrc && !video);
  const src = layered ? clearLayerUrl(visualSrc!) : visualSrc;
  const [failed, setFailed] = useState(false);
  const [state, setState] = useState<VisualState>(src ? 'loading' : 'broken');
  // The settle function of the current src (the video's events call it too).
  const settleRef = useRef<(next: VisualState) => void>(() => {});
  useEffect(() => {
    if (!src) {
      setState('broken');
      return;
    }
    setState('loading');
    let live = true;
    const settle = (next: VisualState) => {
      if (!live) return;
      live = false;
      stop();
      setState(next);
    };
    settleRef.current = settle;
    const stop = startTimer(() => settle('timeout'), VISUAL_TIMEOUT_MS);
    if (!video) preloadImage(src).then(() => settle('loaded'), () => settle('broken'));
    return () => {
      live = false;
      stop();
    };
  }, [src, video]);

  if (video && src && (state === 'loading' || state === 'loaded')) {
    // The video itself loads; it shows once it can play, the spinner until then.
    return (
      <Frame part={part} data-state={state}>
        {state === 'loading' ? <Spinner $size={32} /> : null}
        <video
          src={src}
          controls
          aria-label={alt}
          style={state === 'loading' ? { position: 'absolute', opacity: 0 } : undefined}
          onLoadedData={() => settleRef.current('loaded')}
          onError={() => settleRef.current('broken')}
        />
      </Frame>
    );
  }
  return (
    <Frame part={part} data-state={state}>
      {state === 'loading' ? <Spinner $size={32} /> : null}
      {state === 'loaded' && layered ? (
        <div className="stack" part="visual-stack">
          <video src={`${frame}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} part="visual-frame" />
          <img src={src!} alt={alt} />
        </div>
      ) : null}
      {state === 'loaded' && !layered ? <img src={src!} alt={alt} /> : null}
      {state === 'loaded' && download ? (
        <Button
          $variant="link"
          part="visual-download"
          aria-label={`Download image: ${alt}`}
          onClick={() => (layered
            ? downloadVideoVisual(visualSrc!, frame!, download.fileName, { api, studyId: download.studyId })
            : downloadVisual(src!, download.fileName, { api, studyId: download.studyId })).catch(() => setFailed(true))}
        >
          Download image
        </Button>
      ) : null}
      {failed ? <Toast kind="error" text={DOWNLOAD_ERROR} duration={TOAST_DURATION_ERROR} onClose={() => setFailed(false)} /> : null}
      {state === 'timeout' ? <img src={VISUAL_ERROR_IMAGE} alt={`${alt}: could not be loaded`} data-kind="error-image" /> : null}
      {state === 'broken' ? <img src={PLACEHOLDER_IMAGE} alt={`${alt}: no preview`} data-kind="placeholder" style={{ border: `1px solid ${tokens.border}` }} /> : null}
    </Frame>
  );
}
