// Dashboard entry: check the published version, register the service worker, render the routes.
// The SDK comes from source (one SDK copy, one store on the page); each element's code is loaded
// when a route first places it (pages/GazeElement.tsx → sdk/define-lazy.ts), so the first load
// carries the frame and the runtime, not every screen and Highcharts.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configure, GazeProvider } from '../sdk/index';
import { App } from './App';
import { apiBase } from './config';
import { registerServiceWorker, runVersionCheck } from './version/browser';
import './styles.css';

const base = apiBase();
if (base) configure({ apiBase: base });

void runVersionCheck();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <GazeProvider>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </GazeProvider>,
);
