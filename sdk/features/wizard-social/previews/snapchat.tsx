// Snapchat (D3-083, D3-087, D3-088): mobile only; the content is split into 15-second sections
// (one bar each, a button that jumps to the section), the channel at the top, the promo card with
// its star rating and '42K Ratings' and the call to action at the bottom.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CALL_TO_ACTION_DEFAULT } from '../../../core/api/study-create';
import { Avatar, CtaButton, Filled, Media, Rating } from '../pieces';
import { clock, mediaKind, snapSections } from '../model';
import { StoryCanvas, type PreviewProps } from './shared';

const Sections = styled.ol.attrs({ part: 'snap-sections' })`
  display: flex;
  gap: 4px;
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  li { flex: 1; }
  button { display: block; width: 100%; height: 14px; padding: 5px 0; border: 0; background: transparent; cursor: pointer; }
  button::before { content: ''; display: block; height: 4px; border-radius: 2px; background: rgba(255, 255, 255, 0.45); }
  button[aria-current='true']::before { background: #fff; }
  button:focus-visible { outline: 2px solid #fffc00; }
`;
const Promo = styled.div.attrs({ part: 'snap-promo' })`
  background: #fff;
  color: #000;
  border-radius: 14px;
  padding: 12px;
  display: grid;
  gap: 8px;
  .row { display: flex; gap: 10px; align-items: center; }
  .top { font-size: 0.8em; color: #555; }
  .title { font-weight: 700; }
  .desc { font-size: 0.9em; color: #333; }
  [part~='cta'] { width: 100%; padding: 10px; border-radius: 20px; }
`;

export function SnapchatPreview({ values: v }: PreviewProps) {
  const [duration, setDuration] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  useEffect(() => { setDuration(null); setCurrent(0); }, [v.stim_url]);
  const sections = snapSections(mediaKind(v.stim_url) === 'video' ? duration : null);
  const section = sections[Math.min(current, sections.length - 1)];
  return (
    <StoryCanvas $device="mobile" data-sections={sections.length}>
      <Media url={v.stim_url} label="Ad media" fit="contain" sound={v.has_sound} onDuration={setDuration} seekTo={section.start} />
      <div className="overlay-top">
        <Sections aria-label="15-second sections">
          {sections.map((s, i) => (
            <li key={s.start}>
              <button type="button" aria-current={i === current} aria-label={`Section ${i + 1}: ${clock(s.start)} to ${clock(s.end)}`} onClick={() => setCurrent(i)} />
            </li>
          ))}
        </Sections>
        <div className="who">
          <Avatar src={v.sc_profile_src} name={v.sc_channel_name} size={36} />
          <div><Filled value={v.sc_channel_name} placeholder="Channel name" part="channel-name" /> <small style={{ display: 'inline' }}>· Ad</small><small><Filled value={v.sc_description} placeholder="Description" part="description" /></small></div>
        </div>
        <small part="snap-section-label" style={{ display: 'block', marginTop: 6 }}>{`Section ${current + 1} of ${sections.length} · ${clock(section.start)}–${clock(section.end)}`}</small>
      </div>
      <div className="overlay-bottom">
        <Promo>
          {v.sc_promo_top.trim() ? <div className="top" part="promo-top">{v.sc_promo_top}</div> : null}
          <div className="row">
            <Avatar src={v.sc_profile_src} name={v.sc_promo_text || v.sc_channel_name} size={44} />
            <div>
              <div className="title"><Filled value={v.sc_promo_text} placeholder="Promo text" part="promo-text" /></div>
              <div className="desc"><Filled value={v.sc_promo_desc} placeholder="Promo description" part="promo-description" /></div>
              <Rating rating={v.sc_promo_rating} />
            </div>
          </div>
          <CtaButton $bg="#fffc00" $fg="#000">{v.sc_cta || CALL_TO_ACTION_DEFAULT}</CtaButton>
        </Promo>
      </div>
    </StoryCanvas>
  );
}
