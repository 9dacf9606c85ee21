// The SDK's version, stamped by the library build (vite.lib.config.ts `define`) from package.json.
// Sources run unbuilt (the dashboard, tests) are 'source'. Pages may hold two SDK copies (a
// partner's and an intranet's): the first to define a tag owns it, later copies only warn once
// (elements/define.ts).
declare const __GAZE_SDK_VERSION__: string | undefined;

export const SDK_VERSION: string = typeof __GAZE_SDK_VERSION__ === 'string' ? __GAZE_SDK_VERSION__ : 'source';
