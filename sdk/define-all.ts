// Side-effect entry: registers every <gaze-*> tag. dist/sdk/gazeboard.js is built from this file.
// Add one import per element folder.
import './elements/login/login.element';
import './elements/account/account.element';
import './elements/contact/contact.element';
import './elements/feedback/feedback.element';
import './elements/home/home.element';
import './elements/study-list/study-list.element';
import './elements/demographics/demographics.element';

export * from './index';
