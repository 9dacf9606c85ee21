// The signed-in pages of each area, found on disk: every dashboard/pages/<area>/route.tsx exports
// `routes` (path → element) and App.tsx mounts them inside the frame, so a new surface edits no
// central file. Vite expands the glob (app build, vitest). The route files are small and eager (the
// router needs every path up front); a screen's code is loaded when its route first shows it:
// <GazeElement> loads that element's chunk (sdk/define-lazy.ts), and a route file may also use
// React.lazy for a page of its own (App.tsx wraps every page in <Suspense>).
/// <reference types="vite/client" />
import type { ReactElement } from 'react';

export interface AreaRoute {
  /** Below the signed-in frame, without a leading slash; '' is the home page (index route). */
  path: string;
  element: ReactElement;
  /**
   * The page's name in the browser tab ('<title> · Gazeboard'); default from the path's last word
   * that is not an id (dashboard/title.ts).
   */
  title?: string;
  /**
   * Every page has exactly one h1 (issue 38; tests/e2e/walk.ts checks it). Set when the
   * element does not title the page with an h1 of its own: the dashboard then shows the page's
   * name (title, else the breadcrumb name) as the h1 — 'hidden' when the element already shows a
   * visible title of its own (an h2) that a second visible one would repeat.
   */
  heading?: 'visible' | 'hidden';
}

const modules = import.meta.glob<{ routes: AreaRoute[] }>('./*/route.tsx', { eager: true });

/** Every area's routes, in folder order (react-router ranks paths itself, so order is cosmetic). */
export const areaRoutes: AreaRoute[] = Object.keys(modules).sort().flatMap((file) => modules[file].routes);
