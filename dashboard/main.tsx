// Dashboard entry: register every SDK element (from source: one SDK copy, one store on the page),
// check the published version, register the service worker, render the routes.
import '../sdk/define-all';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configure } from '../sdk/index';
import { GazeProvider } from '../sdk/core/store/context';
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
