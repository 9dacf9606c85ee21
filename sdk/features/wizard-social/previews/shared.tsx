// Layout pieces the platform previews share: a story canvas (9 x 16, full frame on mobile), a
// feed card and the story's top progress bar.
import styled from 'styled-components';
import type { WizardValues } from '../../wizard-schemas/values';
import type { SocialChoice } from '../model';

export type Device = 'mobile' | 'desktop';
export interface PreviewProps { values: WizardValues; choice: SocialChoice; device: Device }

/** A story or short-video canvas: the whole 375 x 667 phone on mobile, a 9 x 16 box on desktop. */
export const StoryCanvas = styled.div.attrs({ part: 'story' })<{ $device: Device }>`
  position: relative;
  background: #000;
  color: #fff;
  overflow: hidden;
  ${(p) => (p.$device === 'mobile' ? 'width: 100%; height: 100%;' : 'width: 360px; max-width: 100%; aspect-ratio: 9 / 16; margin: 0 auto; border-radius: 12px;')}
  .overlay-top, .overlay-bottom { position: absolute; left: 0; right: 0; padding: 12px; z-index: 1; }
  .overlay-top { top: 0; background: linear-gradient(rgba(0,0,0,0.55), transparent); }
  .overlay-bottom { bottom: 0; background: linear-gradient(transparent, rgba(0,0,0,0.65)); }
  .who { display: flex; align-items: center; gap: 8px; font-weight: 600; }
  .who small { display: block; font-weight: 400; opacity: 0.85; }
`;

export const Bars = styled.div`
  display: flex;
  gap: 4px;
  margin-bottom: 10px;
  span { flex: 1; height: 3px; border-radius: 2px; background: rgba(255, 255, 255, 0.45); }
  span:first-child { background: #fff; }
`;

export const FeedPage = styled.div<{ $bg: string }>`
  background: ${(p) => p.$bg};
  min-height: 100%;
  padding: 12px 0;
`;

export const Card = styled.article.attrs({ part: 'feed-card' })`
  background: #fff;
  color: #050505;
  max-width: 500px;
  margin: 0 auto;
  border-radius: 8px;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2);
  overflow: hidden;
  .head { display: flex; align-items: center; gap: 8px; padding: 12px; }
  .head strong { display: block; }
  .head small { color: #65676b; }
  .text { padding: 0 12px 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
  .media { aspect-ratio: 1 / 1; }
  .actions { display: flex; justify-content: space-around; padding: 8px 12px; border-top: 1px solid #ced0d4; color: #65676b; font-weight: 600; font-size: 0.9em; }
`;
