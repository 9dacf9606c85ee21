// Every route of spec document 1 §2. Surfaces that are not elements yet show the 404 page behind
// the guard (listed in README.md); each becomes one <Route> line when its element lands.
import { useEffect } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { NAVIGATE_EVENT, type NavigateDetail } from '../sdk/index';
import { GazeElement } from './pages/GazeElement';
import { PublicOnly, RequireAuth, useAuthenticated } from './pages/Guards';
import { LoginPage } from './pages/LoginPage';
import { NotFound } from './pages/NotFound';
import { ProductRedirect } from './pages/ProductRedirect';
import { SignOut } from './pages/SignOut';
import { Shell } from './shell/Shell';

/**
 * Protected areas whose surfaces are not built yet: 404 for now, but only once signed in. Each
 * answers for its own page and everything below it.
 */
export const NOT_BUILT = [
  'my_studies/overview/:id',
  'my_batches',
  'batch_stim_list',
  'stims',
  'my_downloads',
  'my_reports',
  'my_validations',
  'create-study',
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

function Demographics() {
  const { id = '' } = useParams();
  return <GazeElement tag="gaze-demographics" attrs={{ 'study-id': id }} />;
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
          <Route path="/login" element={<LoginPage view="login" />} />
          <Route path="/forgot_password" element={<LoginPage view="forgot" />} />
          <Route path="/request_login" element={<LoginPage view="request" />} />
        </Route>
        <Route path="/signout" element={<SignOut />} />
        <Route path="/product/:name" element={<ProductRedirect />} />
        <Route element={<RequireAuth />}>
          <Route element={<Shell />}>
            <Route index element={<GazeElement tag="gaze-home" />} />
            <Route path="contact_us" element={<GazeElement tag="gaze-contact" />} />
            <Route path="my_account" element={<GazeElement tag="gaze-account" />} />
            <Route path="my_studies" element={<GazeElement tag="gaze-study-list" />} />
            <Route path="my_studies/overview/:id/demographics" element={<Demographics />} />
            {NOT_BUILT.flatMap((p) => [
              <Route key={p} path={p} element={<NotFound />} />,
              <Route key={`${p}/*`} path={`${p}/*`} element={<NotFound />} />,
            ])}
          </Route>
        </Route>
        <Route path="*" element={<Unknown />} />
      </Routes>
    </>
  );
}
