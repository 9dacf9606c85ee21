// Facebook and VK (the VK forms reuse the Facebook profile fields, D3-091): the feed post with
// Facebook's promoted link bar, the story, and Facebook's Watch feed player.
import styled from 'styled-components';
import { CALL_TO_ACTION_DEFAULT } from '../../../core/api/study-create';
import { Avatar, CtaButton, Filled, Media } from '../pieces';
import { Comment, Globe, Heart, Like, Share } from '../icons';
import { Bars, Card, FeedPage, StoryCanvas, type PreviewProps } from './shared';

const PromoBar = styled.div.attrs({ part: 'promoted' })`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  background: #f0f2f5;
  .lines { flex: 1; min-width: 0; }
  .domain { color: #65676b; font-size: 0.8em; text-transform: uppercase; overflow-wrap: anywhere; }
  .headline { font-weight: 700; overflow-wrap: anywhere; }
  .sub { color: #65676b; font-size: 0.9em; overflow-wrap: anywhere; }
`;

const Watch = styled.div.attrs({ part: 'watch' })`
  background: #18191a;
  color: #e4e6eb;
  min-height: 100%;
  padding: 12px;
  h3 { margin: 0 0 10px; font-size: 1.2em; }
  .player { aspect-ratio: 16 / 9; border-radius: 8px; overflow: hidden; }
  .below { display: flex; gap: 8px; align-items: center; margin-top: 10px; color: #b0b3b8; }
`;

export function FacebookPreview({ values: v, choice, device }: PreviewProps) {
  const vk = choice.platform === 'vk';
  const name = v.fb_channel_name;
  if (choice.adType === 'watch') {
    return (
      <Watch>
        <h3>Watch</h3>
        <div className="player"><Media url={v.stim_url} label="Ad video" fit="contain" sound={v.has_sound} /></div>
        <div className="below"><span>Sponsored video</span><span>·</span><span>{v.has_sound ? 'Sound on' : 'Muted'}</span></div>
      </Watch>
    );
  }
  if (choice.adType === 'story') {
    return (
      <StoryCanvas $device={device}>
        <Media url={v.stim_url} label="Ad media" fit="contain" sound={v.has_sound} />
        <div className="overlay-top">
          <Bars><span /><span /><span /></Bars>
          <div className="who"><Avatar src={v.fb_profile_src} name={name} size={36} /><div><Filled value={name} placeholder={vk ? 'Profile name' : 'Channel name'} part="channel-name" /><small>Sponsored</small></div></div>
        </div>
        {vk ? null : (
          <div className="overlay-bottom" style={{ textAlign: 'center' }}>
            <div aria-hidden="true">⌃</div>
            <CtaButton $bg="#fff" $fg="#050505"><Filled value={v.fb_call_to_action} placeholder="Learn more" part="call-to-action" /></CtaButton>
          </div>
        )}
      </StoryCanvas>
    );
  }
  const promoted = !vk && v.promoted;
  return (
    <FeedPage $bg={vk ? '#edeef0' : '#f0f2f5'}>
      <Card>
        <div className="head">
          <Avatar src={v.fb_profile_src} name={name} />
          <div><strong><Filled value={name} placeholder={vk ? 'Profile name' : 'Channel name'} part="channel-name" /></strong><small>{vk ? 'Advertising' : <>{promoted ? 'Sponsored' : 'Just now'} · <Globe /></>}</small></div>
        </div>
        <div className="text"><Filled value={v.fb_description} placeholder="Description" part="description" /></div>
        <div className="media"><Media url={v.stim_url} label="Ad media" sound={v.has_sound} /></div>
        {promoted ? (
          <PromoBar>
            <div className="lines">
              <div className="domain"><Filled value={v.fb_promoted_domain.replace(/^https?:\/\//i, '').replace(/\/$/, '')} placeholder="domain" part="promoted-domain" /></div>
              <div className="headline"><Filled value={v.fb_promoted_description} placeholder="Headline" part="promoted-headline" /></div>
              <div className="sub"><Filled value={v.fb_promoted_description2} placeholder="Subheading" part="promoted-subheading" /></div>
            </div>
            <CtaButton>{v.fb_promoted_button_text || CALL_TO_ACTION_DEFAULT}</CtaButton>
          </PromoBar>
        ) : null}
        <div className="actions" aria-hidden="true">{vk ? <><span><Heart /> 12</span><span><Comment /> 3</span><span><Share /> 1</span></> : <><span><Like /> Like</span><span><Comment /> Comment</span><span><Share /> Share</span></>}</div>
      </Card>
    </FeedPage>
  );
}
