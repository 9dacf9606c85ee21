// The choose-your-study page (D3-001…D3-008, resolution 24): everyone's cards, and for super users
// 'Digital Rich Media' and 'Focus Project Setup' — the quick study's wizard (Lumen-panel-setup).
import { expect } from '@open-wc/testing';
import './study-chooser.element';
import { $$, mount, resetPage, waitFor, describe, it, beforeEach } from '../test-utils';

function signIn(superUser: boolean) {
  localStorage.setItem('user', JSON.stringify({ first_name: 'Sue', last_name: 'S', email: 'sue@acme.example', username: 'sue', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: superUser }));
  localStorage.setItem('token', 't0k');
}
const cards = (el: HTMLElement) => $$(el, 'a[part~="card"]').map((a) => [a.querySelector('h2')!.textContent, a.getAttribute('href')]);

describe('<gaze-study-chooser>', () => {
  beforeEach(() => { resetPage('/v1.0'); });

  it('D3-001…D3-005: every user sees the custom button and the four cards, not the super users\' ones', async () => {
    signIn(false);
    const el = await mount('gaze-study-chooser');
    await waitFor(() => cards(el).length > 0, 'cards');
    expect(cards(el)).to.deep.equal([
      ['Social Media', '/create-study/social-media-study'], ['Digital Ad Test', '/create-study/digital-ad-test'],
      ['YouTube', '/create-study/YouTube-study'], ['Vast Ad Test', '/create-study/vast-ad-test'],
    ]);
    expect($$(el, 'a[part~="custom"]').map((a) => a.getAttribute('href'))).to.deep.equal(['/create-study/custom-study']);
  });

  it('D3-006, D3-007: a super user also sees Digital Rich Media and Focus Project Setup (the quick study)', async () => {
    signIn(true);
    const el = await mount('gaze-study-chooser');
    await waitFor(() => cards(el).length > 0, 'cards');
    expect(cards(el).slice(4)).to.deep.equal([
      ['Digital Rich Media', '/create-study/digital-rich-study'], ['Focus Project Setup', '/create-study/Lumen-panel-setup'],
    ]);
  });
});
