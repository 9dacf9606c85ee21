// Pinterest: the promoted pin among other pins; 's' Standard is one column of the grid, 'm' Full
// width spans it (D3-089).
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
  .media { border-radius: 16px; overflow: hidden; aspect-ratio: ${(p) => (p.$full ? '16 / 9' : '2 / 3')}; }
  .title { font-weight: 600; margin: 6px 4px 4px; overflow-wrap: anywhere; }
  .who { display: flex; align-items: center; gap: 6px; margin: 0 4px; font-size: 0.85em; }
  .who small { display: block; color: #767676; }
`;

export function PinterestPreview({ values: v, device }: PreviewProps) {
  const cols = device === 'mobile' ? 2 : 3;
  const full = v.pn_type === 'm';
  return (
    <Grid $cols={cols} data-pin-type={v.pn_type}>
      <Pin $full={full}>
        <div className="media"><Media url={v.stim_url} label="Ad media" sound={v.has_sound} /></div>
        <div className="title"><Filled value={v.pn_stim_title} placeholder="Pin title" part="pin-title" /></div>
        <div className="who"><Avatar src={v.pn_profile_src} name={v.pn_stim_profile} size={28} /><div><Filled value={v.pn_stim_profile} placeholder="Profile name" part="channel-name" /><small>Promoted by</small></div></div>
      </Pin>
      {[220, 160, 260, 190, 150].slice(0, cols * 2 - 1).map((h, i) => <div key={i} className="other" style={{ height: h }} aria-hidden="true" />)}
    </Grid>
  );
}
