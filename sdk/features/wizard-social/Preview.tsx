// The live preview (D3-072, D3-081…D3-083): the chosen platform's feed or story drawn from the
// form values as they are typed, in a 375 x 667 phone or a desktop column. Snapchat is mobile only.
import { useState, type ReactElement } from 'react';
import styled from 'styled-components';
import { tokens } from '../../ui';
import type { WizardValues } from '../wizard-schemas/values';
import { MOBILE_PREVIEW, choiceOf, mobileOnly, SOCIAL_PLATFORM_NAMES, AD_TYPE_LABELS } from './model';
import { FacebookPreview } from './previews/facebook';
import { InstagramPreview } from './previews/instagram';
import { SnapchatPreview } from './previews/snapchat';
import { PinterestPreview } from './previews/pinterest';
import { TikTokPreview } from './previews/tiktok';
import type { Device, PreviewProps } from './previews/shared';

const PREVIEWS: Record<string, (p: PreviewProps) => ReactElement> = {
  fb: FacebookPreview, vk: FacebookPreview, in: InstagramPreview, sc: SnapchatPreview, pin: PinterestPreview, tt: TikTokPreview,
};

const Wrap = styled.section`
  display: grid;
  gap: ${tokens.space2};
  grid-template-columns: minmax(0, 1fr);
  justify-items: center;
  min-width: 0;
  .bar { display: flex; gap: ${tokens.space2}; align-items: center; justify-content: space-between; width: 100%; flex-wrap: wrap; }
  .bar h3 { margin: 0; font-size: 1rem; }
  .devices { display: inline-flex; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; overflow: hidden; }
  .devices button { font: inherit; border: 0; padding: 4px 12px; background: ${tokens.surface}; color: ${tokens.text}; cursor: pointer; }
  .devices button[aria-pressed='true'] { background: ${tokens.primary}; color: ${tokens.primaryText}; font-weight: 600; }
  .devices button:disabled { cursor: not-allowed; opacity: 0.6; }
  .devices button:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -2px; }
  small { color: ${tokens.muted}; }
`;
const Frame = styled.div.attrs({ part: 'preview-frame' })<{ $device: Device }>`
  font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  font-size: 14px;
  background: #f0f2f5;
  overflow: hidden auto;
  ${(p) => (p.$device === 'mobile'
    ? `width: ${MOBILE_PREVIEW.width}px; height: ${MOBILE_PREVIEW.height}px; max-width: 100%; border-radius: 16px;`
    : `width: 100%; max-width: 560px; min-height: 480px; border-radius: 8px; border: 1px solid ${tokens.border};`)}
`;
/** The phone around the 375 x 667 screen; on a narrower page the screen narrows with it. */
const Phone = styled.div`
  max-width: 100%;
  box-sizing: border-box;
  padding: 8px;
  border-radius: 24px;
  background: #1c1e21;
`;

export function SocialPreview({ values }: { values: WizardValues }) {
  const choice = choiceOf(values);
  const [picked, setPicked] = useState<Device | null>(null);
  const forced = mobileOnly(choice);
  const natural: Device = choice.adType === 'story' || choice.platform === 'tt' || choice.platform === 'sc' ? 'mobile' : 'desktop';
  const device: Device = forced ? 'mobile' : picked ?? natural;
  const Body = PREVIEWS[choice.platform];
  const title = `${SOCIAL_PLATFORM_NAMES[choice.platform]} ${AD_TYPE_LABELS[choice.platform][choice.adType] ?? ''} preview`.replace(/\s+/g, ' ');
  return (
    <Wrap part="social-preview" aria-label={title} data-platform={choice.platform} data-ad-type={choice.adType} data-device={device}>
      <div className="bar">
        <h3>{title}</h3>
        <div className="devices" role="group" aria-label="Preview device">
          {(['desktop', 'mobile'] as const).map((d) => (
            <button key={d} type="button" part={`device-${d}`} aria-pressed={device === d} disabled={forced && d === 'desktop'} onClick={() => setPicked(d)}>
              {d === 'desktop' ? 'Desktop' : 'Mobile'}
            </button>
          ))}
        </div>
      </div>
      {forced ? <small part="mobile-only">Snapchat is mobile only.</small> : null}
      {device === 'mobile'
        ? <Phone><Frame $device={device} data-device={device}><Body values={values} choice={choice} device={device} /></Frame></Phone>
        : <Frame $device={device} data-device={device}><Body values={values} choice={choice} device={device} /></Frame>}
      {device === 'mobile' ? <small>{MOBILE_PREVIEW.width} × {MOBILE_PREVIEW.height} px</small> : null}
    </Wrap>
  );
}
