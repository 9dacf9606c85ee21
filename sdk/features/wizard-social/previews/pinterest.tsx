// Pinterest: the promoted pin among other pins; 's' Standard is one column of the grid, 'm' Full
// width spans it (D3-089). A pin takes its creative's own shape (Pinterest shows pins at their
// ratio, cutting only past 1:2.1), so the preview never crops the ad (issue 38): the box follows the
// media's ratio once it is known and the media is fitted, not cropped, inside it.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Avatar, Filled, Media } from '../pieces';
import type { PreviewProps } from './shared';

const Grid = styled.div<{ $cols: number }>`
  display: grid;
  grid-template-columns: repeat(${(p) => p.$cols}, 1fr);
  gap: 12px;
  padding: 12px;
  background: #fff;
  color: #111;
  min-height: 100%;
  .other { border-radius: 16px; background: #e9e9e9; }
`;
const Pin = styled.article.attrs({ part: 'pin' })<{ $full: boolean }>`
  ${(p) => (p.$full ? 'grid-column: 1 / -1;' : '')}
  .media { border-radius: 16px; overflow: hidden; background: #1c1e21; }
  .title { font-weight: 600; margin: 6px 4px 4px; overflow-wrap: anywhere; }
  .who { display: flex; align-items: center; gap: 6px; margin: 0 4px; font-size: 0.85em; }
  .who small { display: block; color: #767676; }
`;

/** Pinterest's tallest pin (1:2.1) and, for the preview, a widest one; beyond them the media is fitted. */
const MIN_RATIO = 1 / 2.1;
const MAX_RATIO = 3;

export function pinRatio(natural: number | null, full: boolean): number {
  if (natural === null || !Number.isFinite(natural) || natural <= 0) return full ? 16 / 9 : 2 / 3;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, natural));
}

export function PinterestPreview({ values: v, device }: PreviewProps) {
  const cols = device === 'mobile' ? 2 : 3;
  const full = v.pn_type === 'm';
  const [natural, setNatural] = useState<number | null>(null);
  useEffect(() => setNatural(null), [v.stim_url]);
  return (
    <Grid $cols={cols} data-pin-type={v.pn_type}>
      <Pin $full={full}>
        <div className="media" part="pin-media" style={{ aspectRatio: String(pinRatio(natural, full)) }}>
          <Media url={v.stim_url} label="Ad media" sound={v.has_sound} fit="contain" onAspect={setNatural} />
        </div>
        <div className="title"><Filled value={v.pn_stim_title} placeholder="Pin title" part="pin-title" /></div>
        <div className="who"><Avatar src={v.pn_profile_src} name={v.pn_stim_profile} size={28} /><div><Filled value={v.pn_stim_profile} placeholder="Profile name" part="channel-name" /><small>Promoted by</small></div></div>
      </Pin>
      {[220, 160, 260, 190, 150].slice(0, cols * 2 - 1).map((h, i) => <div key={i} className="other" style={{ height: h }} aria-hidden="true" />)}
    </Grid>
  );
}
