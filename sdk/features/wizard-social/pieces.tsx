// Pieces every platform preview shares: the third-party media (never script in our page), the
// profile picture, the call-to-action button, the star rating and the placeholder shown while a
// field is still blank. The platform looks (colours, layout) stay in each preview.
import { useEffect, useState, type ReactNode, type SyntheticEvent } from 'react';
import styled from 'styled-components';
import { mediaKind, ratingStars, safeImage } from './model';
import { SNAPCHAT_RATING_TEXT } from '../../core/api/study-create';

const Box = styled.div<{ $fit: 'cover' | 'contain' }>`
  position: relative;
  width: 100%;
  height: 100%;
  background: #1c1e21;
  color: #e4e6eb;
  display: flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  img, video, iframe { display: block; width: 100%; height: 100%; object-fit: ${(p) => p.$fit}; border: 0; background: #000; }
  .empty { padding: 16px; text-align: center; font-size: 0.9em; opacity: 0.85; }
`;

export interface MediaProps {
  url: string;
  /** What the frame is called for screen readers ('Ad media'). */
  label: string;
  fit?: 'cover' | 'contain';
  /** The sound switch (D3-080): the preview plays muted unless sound is on. */
  sound?: boolean;
  /** A video's length in seconds once known (Snapchat's sections). */
  onDuration?: (seconds: number) => void;
  /** The media's own width / height once known (an image loaded, a video's metadata read). */
  onAspect?: (ratio: number) => void;
  /** Seek to this second (Snapchat's section buttons). */
  seekTo?: number | null;
  children?: ReactNode;
}

/**
 * The ad's media. Images load as <img>, videos as <video> (muted unless sound is on, no autoplay
 * with sound), anything else in an <iframe sandbox=""> — no allow-scripts, no same-origin, no
 * forms, no top navigation — so third-party markup never runs script in our page; a URL that is not
 * http(s) is never loaded.
 */
export function Media({ url, label, fit = 'cover', sound = false, onDuration, onAspect, seekTo, children }: MediaProps) {
  const aspect = (w: number, h: number) => { if (w > 0 && h > 0) onAspect?.(w / h); };
  const kind = mediaKind(url);
  const [broken, setBroken] = useState(false);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => setBroken(false), [url]);
  useEffect(() => {
    if (video && typeof seekTo === 'number' && Number.isFinite(seekTo)) video.currentTime = seekTo;
  }, [video, seekTo]);
  useEffect(() => { if (video) video.muted = !sound; }, [video, sound]);
  const fail = () => setBroken(true);
  let body: ReactNode;
  if (!kind) body = <div className="empty" part="media-empty">{url.trim() ? 'Enter a valid http(s) URL to see the ad here' : 'Your ad appears here'}</div>;
  else if (broken && kind !== 'video') body = <div className="empty" part="media-empty">The ad could not be loaded from this URL</div>;
  else if (kind === 'image') body = <img part="media" src={url.trim()} alt={label} referrerPolicy="no-referrer" onError={fail}
    onLoad={(e: SyntheticEvent<HTMLImageElement>) => aspect(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)} />;
  else if (kind === 'video') {
    body = (
      <video
        part="media" ref={setVideo} src={url.trim()} aria-label={label} muted={!sound} playsInline loop controls preload="metadata"
        onError={fail}
        onLoadedMetadata={(e: SyntheticEvent<HTMLVideoElement>) => { onDuration?.(e.currentTarget.duration); aspect(e.currentTarget.videoWidth, e.currentTarget.videoHeight); }}
      />
    );
  } else {
    body = <iframe part="media" src={url.trim()} title={label} sandbox="" referrerPolicy="no-referrer" loading="lazy" />;
  }
  // A video that fails keeps its element (its length may still be known) under the message.
  return (
    <Box $fit={fit} data-media-kind={kind ?? 'none'} data-broken={broken ? '' : undefined}>
      {body}
      {broken && kind === 'video' ? <div className="empty" part="media-error" style={{ position: 'absolute', inset: 'auto 0 40% 0' }}>The ad could not be loaded from this URL</div> : null}
      {children}
    </Box>
  );
}

const Round = styled.span<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: #c9ccd1;
  color: #1c1e21;
  font-weight: 700;
  font-size: ${(p) => Math.round(p.$size / 2.4)}px;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** The profile picture (an <img> for an http(s) URL), else the name's first letter. */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const url = safeImage(src);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  return (
    <Round $size={size} part="profile-picture">
      {url && !broken
        ? <img src={url} alt={`${name || 'Profile'} picture`} referrerPolicy="no-referrer" onError={() => setBroken(true)} />
        : <span aria-hidden="true">{(name.trim()[0] ?? '?').toUpperCase()}</span>}
    </Round>
  );
}

/** A field the user has not filled in yet shows its label, greyed, so the layout stays readable. */
export function Filled({ value, placeholder, part }: { value: string | number | null | undefined; placeholder: string; part: string }) {
  const v = String(value ?? '').trim();
  return v ? <span part={part}>{v}</span> : <span part={part} data-blank="" style={{ opacity: 0.55 }}>{placeholder}</span>;
}

/** D3-088: stars followed by '42K Ratings'. */
export function Rating({ rating }: { rating: unknown }) {
  const { full, text } = ratingStars(rating);
  return (
    <span part="rating">
      <span part="stars" role="img" aria-label={`${full} out of 5 stars`} style={{ color: '#f7b500', letterSpacing: 1 }}>{text}</span>{' '}
      <span part="rating-count">{SNAPCHAT_RATING_TEXT}</span>
    </span>
  );
}

export const CtaButton = styled.span.attrs({ part: 'cta' })<{ $bg?: string; $fg?: string }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: 6px 12px;
  border-radius: 6px;
  font-weight: 600;
  font-size: 0.9em;
  white-space: nowrap;
  background: ${(p) => p.$bg ?? '#e4e6eb'};
  color: ${(p) => p.$fg ?? '#050505'};
`;
