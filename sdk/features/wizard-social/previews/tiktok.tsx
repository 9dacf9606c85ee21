// TikTok: the full-screen video, the profile and action rail on the right, the name, description
// and song at the bottom, the promo call to action under them.
import styled from 'styled-components';
import { Avatar, CtaButton, Filled, Media } from '../pieces';
import { Comment, Heart, Share } from '../icons';
import { StoryCanvas, type PreviewProps } from './shared';

const Rail = styled.div`
  position: absolute;
  right: 10px;
  bottom: 150px;
  z-index: 1;
  display: grid;
  gap: 16px;
  justify-items: center;
  font-size: 1.4em;
`;

export function TikTokPreview({ values: v, device }: PreviewProps) {
  return (
    <StoryCanvas $device={device}>
      <Media url={v.stim_url} label="Ad media" sound={v.has_sound} />
      <Rail aria-hidden="true"><Avatar src={v.tt_profile_src} name={v.tt_profile_name} size={44} /><Heart /><Comment /><Share /></Rail>
      <div className="overlay-bottom" style={{ paddingRight: 64 }}>
        {/* The handle's @ is the preview's: one typed with the name is not doubled (issue 38). */}
        <div style={{ fontWeight: 700 }}>@<Filled value={v.tt_profile_name?.replace(/^\s*@+/, '')} placeholder="profile name" part="channel-name" /></div>
        <small>Sponsored</small>
        <div style={{ margin: '6px 0', overflowWrap: 'anywhere' }}><Filled value={v.tt_desc} placeholder="Description" part="description" /></div>
        <div style={{ fontSize: '0.9em' }}>♫ <Filled value={v.tt_song_name} placeholder="Song name" part="song-name" /></div>
        <CtaButton $bg="#fe2c55" $fg="#fff" style={{ display: 'flex', marginTop: 8 }}><Filled value={v.tt_promo_text} placeholder="Call to action" part="promo-text" /></CtaButton>
      </div>
    </StoryCanvas>
  );
}
