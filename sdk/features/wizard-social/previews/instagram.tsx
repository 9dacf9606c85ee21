// Instagram: the feed post (square media, the promoted call-to-action bar, caption) and the story.
import styled from 'styled-components';
import { CALL_TO_ACTION_DEFAULT } from '../../../core/api/study-create';
import { Avatar, CtaButton, Filled, Media } from '../pieces';
import { Comment, Heart, Share } from '../icons';
import { Bars, Card, FeedPage, StoryCanvas, type PreviewProps } from './shared';

const CtaBar = styled.div.attrs({ part: 'promoted' })`
  display: flex;
  justify-content: space-between;
  padding: 10px 12px;
  background: #0095f6;
  color: #fff;
  font-weight: 600;
`;
const Ring = styled.span`
  display: inline-flex;
  padding: 2px;
  border-radius: 50%;
  background: linear-gradient(45deg, #f9ce34, #ee2a7b, #6228d7);
`;

export function InstagramPreview({ values: v, choice, device }: PreviewProps) {
  const name = v.in_channel_name;
  if (choice.adType === 'story') {
    return (
      <StoryCanvas $device={device}>
        <Media url={v.stim_url} label="Ad media" fit="contain" sound={v.has_sound} />
        <div className="overlay-top">
          <Bars><span /><span /></Bars>
          <div className="who"><Avatar src={v.in_profile_src} name={name} size={32} /><div><Filled value={name} placeholder="Channel name" part="channel-name" /><small>Sponsored</small></div></div>
        </div>
        <div className="overlay-bottom" style={{ textAlign: 'center' }}>
          <div aria-hidden="true">⌃</div>
          <CtaButton $bg="#fff" $fg="#262626">{v.in_call_to_action || CALL_TO_ACTION_DEFAULT}</CtaButton>
        </div>
      </StoryCanvas>
    );
  }
  return (
    <FeedPage $bg="#fafafa">
      <Card style={{ borderRadius: 0, boxShadow: 'none', border: '1px solid #dbdbdb' }}>
        <div className="head">
          <Ring><Avatar src={v.in_profile_src} name={name} size={32} /></Ring>
          <div><strong><Filled value={name} placeholder="Channel name" part="channel-name" /></strong><small>Sponsored</small></div>
        </div>
        <div className="media"><Media url={v.stim_url} label="Ad media" sound={v.has_sound} /></div>
        {v.promoted ? <CtaBar><span>{v.in_promoted_button_text || CALL_TO_ACTION_DEFAULT}</span><span aria-hidden="true">›</span></CtaBar> : null}
        <div style={{ padding: '8px 12px', fontSize: '1.3em', display: 'flex', gap: 14 }} aria-hidden="true"><Heart /><Comment /><Share /></div>
        <div className="text"><strong><Filled value={name} placeholder="Channel name" part="caption-name" /></strong>{' '}<Filled value={v.in_description} placeholder="Description (optional)" part="description" /></div>
      </Card>
    </FeedPage>
  );
}
