// The browser tab's title per route: '<page> · Gazeboard'. Pure, so it is unit-tested; pages set
// it with <Titled> (pages/Titled.tsx). An area's route may name its page (AreaRoute.title);
// otherwise the title comes from the path's last word that is not an id.

export const APP_NAME = 'Gazeboard';

/** Route paths (as in App.tsx and the areas' route.tsx) whose page names are not their words. */
const NAMED: Record<string, string> = {
  '': 'Home',
  login: 'Sign in',
  forgot_password: 'Forgot password',
  request_login: 'Request a login',
  reset_password: 'Set a new password',
  contact_us: 'Contact us',
  my_account: 'My account',
  my_studies: 'My studies',
};

/** 'my_studies/overview/:id/demographics' → 'Demographics'; 'create-study' → 'Create study'. */
export function titleFromPath(path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (clean in NAMED) return NAMED[clean];
  const words = clean.split('/').filter((s) => s && !s.startsWith(':') && s !== '*' && !/^\d+$/.test(s));
  const last = words.at(-1);
  if (!last) return NAMED[''];
  const text = decodeURIComponent(last).split(/[-_ ]+/).filter(Boolean).join(' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function documentTitle(page: string | null | undefined): string {
  return page ? `${page} · ${APP_NAME}` : APP_NAME;
}
