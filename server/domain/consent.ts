// Respondents' informed consent (issue 41; docs/privacy.md): the text every study starts with.

/**
 * The consent text of a study that has not written its own: what is measured, where, who is
 * responsible and how to withdraw, in plain English. `controller` is the study's company (the data
 * controller). Paragraphs are separated by blank lines; the runner shows each as one paragraph.
 */
export function defaultConsentText(controller: string): string {
  const who = controller.trim() || 'the organisation running this study';
  return [
    `This study is run by ${who}, who decides how the data collected here are used (the data controller).`,
    'What we measure: while you look at the pages and adverts in this study, we estimate where on the screen you are looking. With a webcam this is worked out from the camera picture inside your browser, on your device: the video never leaves your device and is never stored; only the estimated screen positions are sent. Without a webcam, where your mouse pointer or finger is on the screen is used instead.',
    'We also record how long each page and advert was on screen, your answers to any questions in the study, and demographic details (for example your age group or gender) if you give them or your panel passes them on. We do not record your name, your picture or any sound.',
    'Your data are kept under the reference your panel gave you (not your name), are used only for advertising research and are reported in summary with other respondents.',
    'Taking part is voluntary. You can stop at any time by closing this page. To withdraw later, or to ask for a copy or the deletion of your data, contact the panel that invited you or the data controller and quote your reference shown below.',
  ].join('\n\n');
}
