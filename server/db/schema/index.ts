export * from './core.js';
export * from './study.js';
export * from './analytics.js';
export * from './study-management.js';
export * from './board.js';
export * from './my-reports.js';
export * from './social.js';
export * from './embed.js';
