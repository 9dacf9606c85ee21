// The consent screen (issue 41): the first thing a take link shows when the study asks for
// consent — before the connection check, the camera or any measurement. The respondent agrees
// (the session goes on) or declines (nothing is stored but a refusal count, and the panel's
// screen-out redirect follows). main.ts sends the answer; this module only renders and waits.

export const CONSENT_TITLE = 'Before you start';
export const CONSENT_AGREE = 'I agree, start the study';
export const CONSENT_DECLINE = 'I do not agree';
export const DECLINED_TITLE = 'You chose not to take part';
export const DECLINED_TEXT = 'Nothing about you has been recorded. Thank you for your time.';
/** What the webcam screens say before the browser asks for the camera. */
export const CAMERA_EXPLAINED = 'This study estimates where you look on the screen from your webcam picture. The picture is analysed here in your browser: the video never leaves your device and is never stored; only the estimated screen positions are sent.';

export interface ConsentView {
  /** The screen to show. */
  box: HTMLElement;
  /** true when the respondent agrees, false when they decline; each button works once. */
  choice: Promise<boolean>;
  /** Lets the respondent answer again (the answer could not be sent), with why. */
  retry(reason: string): Promise<boolean>;
}

/** The consent screen for `text` (paragraphs separated by blank lines) and the respondent's reference. */
// Only the agree button is a .gb-next: automated respondents that press "next" agree, never decline.
export function consentScreen(text: string, reference: string, test: boolean): ConsentView {
  const box = document.createElement('section');
  box.className = 'gb-message gb-consent';
  box.setAttribute('aria-labelledby', 'gb-consent-title');
  const h1 = Object.assign(document.createElement('h1'), { id: 'gb-consent-title', textContent: CONSENT_TITLE, tabIndex: -1 });
  box.append(h1);
  if (test) box.append(Object.assign(document.createElement('p'), { className: 'gb-status', textContent: 'Test session: this is the consent screen respondents see first.' }));
  for (const para of text.split(/\n\s*\n/)) {
    if (para.trim()) box.append(Object.assign(document.createElement('p'), { className: 'gb-text', textContent: para.trim() }));
  }
  const ref = Object.assign(document.createElement('p'), { className: 'gb-status gb-reference', textContent: `Your reference: ${reference}` });
  const status = Object.assign(document.createElement('p'), { className: 'gb-status', role: 'status' });
  status.setAttribute('aria-live', 'polite');
  const decline = Object.assign(document.createElement('button'), { type: 'button', className: 'gb-decline gb-secondary', textContent: CONSENT_DECLINE });
  const agree = Object.assign(document.createElement('button'), { type: 'button', className: 'gb-next gb-agree', textContent: CONSENT_AGREE });
  const actions = Object.assign(document.createElement('div'), { className: 'gb-actions' });
  actions.append(decline, agree);
  box.append(ref, actions, status);
  const wait = () => new Promise<boolean>((resolve) => {
    const answer = (v: boolean) => {
      agree.disabled = true;
      decline.disabled = true;
      status.textContent = 'One moment…';
      resolve(v);
    };
    agree.onclick = () => answer(true);
    decline.onclick = () => answer(false);
  });
  return {
    box,
    choice: wait(),
    retry(reason: string) {
      agree.disabled = false;
      decline.disabled = false;
      status.textContent = reason;
      return wait();
    },
  };
}
