/*
 * parse.ts -- the lesson parser's entry (parse/index.ts orchestrates its parts).
 */
export * from './parse/index.js';
