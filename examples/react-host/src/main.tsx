// A React 19 app that is not Gazeboard's dashboard: it bundles the elements it uses (their
// sources, as an npm dependency would give them) and passes typed attributes and event props.
import { createRoot } from 'react-dom/client';
import { App, configFromUrl } from './App';

createRoot(document.getElementById('root')!).render(<App config={configFromUrl(window.location.search)} />);
