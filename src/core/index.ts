/*
 * The TypeScript side of the core boundary, for browser, worker and Node alike.
 * Node-only helpers (files, presets) are in node.ts and presets.ts.
 */
export * from './wasm.js';
export * from './schema.js';
export * from './scenario.js';
export * from './sim.js';
export * from './report.js';
export * from './json-text.js';
export * from './snapshot.js';
export * from './trace.js';
export * from './playback.js';
export * from './sweep.js';
export * from './progressive.js';
export * from './protocol.js';
export * from './client.js';
