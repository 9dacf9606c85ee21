// Entry of dist/sdk/gazeboard.iife.js: a classic <script src> (no type="module") registers every
// tag and publishes the API as window.Gazeboard — unless another SDK copy already did: then the
// first copy keeps window.Gazeboard and its elements (defineElement warns once when the versions
// differ), and every copy stays reachable under window.GazeboardVersions[version].
import * as api from './define-all';
import { SDK_VERSION } from './elements/version';

const g = globalThis as unknown as { Gazeboard?: typeof api; GazeboardVersions?: Record<string, typeof api> };
g.GazeboardVersions ??= {};
g.GazeboardVersions[SDK_VERSION] ??= api;
g.Gazeboard ??= api;
