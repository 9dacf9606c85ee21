// Every route of spec document 1 §2. The signed-in surfaces come from dashboard/pages/<area>/route.tsx
// (found on disk, pages/routes.ts); those that are not elements yet show the 404 page behind the
// guard (listed in README.md) until their area's route file lands.
import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NAVIGATE_EVENT, type NavigateDetail } from '../sdk/index';
import { PublicOnly, RequireAuth, useAuthenticated } from './pages/Guards';
import { LoginPage } from './pages/LoginPage';
import { NotFound } from './pages/NotFound';
import { ProductRedirect } from './pages/ProductRedirect';
import { areaRoutes } from './pages/routes';
import { Titled } from './pages/Titled';
import { titleFromPath } from './title';
import { SignOut } from './pages/SignOut';
import { EmbedReport } from './pages/my-reports/EmbedReport';
import { AoiEditorFrame } from './pages/aoi-frame/AoiEditorFrame';
import { Shell } from './shell/Shell';
import { PAGE_NAMES } from './shell/breadcrumbs';

/**
 * Protected areas whose surfaces are not built yet: 404 for now, but only once signed in. Each
 * answers for its own page and everything below it.
 */
export const NOT_BUILT = [
  'my_batches',
  'batch_stim_list',
];

/** Elements emit gaze-navigate (bubbling, composed) instead of moving the window; route it here. */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const onNavigate = (e: Event) => {
      const path = (e as CustomEvent<NavigateDetail>).detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return;
      navigate(path);
    };
    document.addEventListener(NAVIGATE_EVENT, onNavigate);
    return () => document.removeEventListener(NAVIGATE_EVENT, onNavigate);
  }, [navigate]);
  return null;
}

/** A page with its tab title, its h1 when the element has none, and a quiet fallback while a lazily loaded page arrives. */
function Page({ title, heading, children }: { title: string; heading?: 'visible' | 'hidden'; children: ReactNode }) {
  return (
    <Titled title={title}>
      {heading ? <h1 className={heading === 'hidden' ? 'gz-page-title gz-visually-hidden' : 'gz-page-title'}>{title}</h1> : null}
      <Suspense fallback={<span className="gz-element-loading" role="status" aria-label="Loading" />}>{children}</Suspense>
    </Titled>
  );
}

/** Unknown addresses are not protected: the 404 page, inside the frame when signed in. */
function Unknown() {
  return useAuthenticated() ? (
    <Shell>
      <NotFound />
    </Shell>
  ) : (
    <main className="gz-public">
      <NotFound />
    </main>
  );
}

export function App() {
  return (
    <>
      <NavigateBridge />
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<Page title={titleFromPath('login')}><LoginPage view="login" /></Page>} />
          <Route path="/forgot_password" element={<Page title={titleFromPath('forgot_password')}><LoginPage view="forgot" /></Page>} />
          <Route path="/request_login" element={<Page title={titleFromPath('request_login')}><LoginPage view="request" /></Page>} />
        </Route>
        {/* A reset link works signed in or out (an administrator may try the link it issued). */}
        <Route path="/reset_password" element={<Page title={titleFromPath('reset_password')}><LoginPage view="reset" /></Page>} />
        <Route path="/signout" element={<SignOut />} />
        {/* A My Reports URL: the report alone, read with its embed token (no sign-in, no frame). */}
        <Route path="/embed/report" element={<Page title="Report"><EmbedReport /></Page>} />
        {/* The legacy front end's AOI editor addresses, framed from its origin (issue 39): no frame, its token. */}
        <Route path="/stimuli/stimulus/feature-editor" element={<Page title="AOI editor"><AoiEditorFrame /></Page>} />
        <Route path="/stimuli/tpstimulus/tpstimuli-feature-editor" element={<Page title="AOI editor"><AoiEditorFrame /></Page>} />
        {/* D1-016: a configured product name goes to the provider's site; any other name is the 404. */}
        <Route path="/:product" element={<ProductRedirect notFound={<Unknown />} />} />
        <Route path="/product/:product" element={<ProductRedirect notFound={<Unknown />} />} />
        <Route element={<RequireAuth />}>
          <Route element={<Shell />}>
            {areaRoutes.map((r) => {
              const title = r.title ?? PAGE_NAMES[r.path.replaceAll(/:\w+/g, ':id')] ?? titleFromPath(r.path);
              const element = <Page title={title} heading={r.heading}>{r.element}</Page>;
              return r.path === '' ? <Route key="index" index element={element} /> : <Route key={r.path} path={r.path} element={element} />;
            })}
            {/* A page an area's route.tsx claims is built: its own route answers, not the 404. */}
            {NOT_BUILT.flatMap((p) => [
              ...(areaRoutes.some((r) => r.path === p) ? [] : [<Route key={p} path={p} element={<NotFound />} />]),
              <Route key={`${p}/*`} path={`${p}/*`} element={<NotFound />} />,
            ])}
          </Route>
        </Route>
        <Route path="*" element={<Unknown />} />
      </Routes>
    </>
  );
}
