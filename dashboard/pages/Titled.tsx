// Sets the tab's title while a page is shown (dashboard/title.ts). Titles nest: a route names its
// page, and a state inside it (a study that does not exist) may rename it; the deepest one shown wins.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { documentTitle } from '../title';

const Depth = createContext(0);
const claims = new Map<number, string>();

function apply(): void {
  const deepest = Math.max(-1, ...claims.keys());
  document.title = documentTitle(claims.get(deepest));
}

export function Titled({ title, children }: { title: string; children?: ReactNode }) {
  const depth = useContext(Depth);
  useEffect(() => {
    claims.set(depth, title);
    apply();
    return () => {
      if (claims.get(depth) === title) claims.delete(depth);
      apply();
    };
  }, [depth, title]);
  return <Depth.Provider value={depth + 1}>{children}</Depth.Provider>;
}
