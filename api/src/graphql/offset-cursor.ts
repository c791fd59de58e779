/**
 * Offset paging is gone from GraphQL: an offset cursor skips or repeats items when rows are
 * inserted while a client pages. Every connection now uses the keyset cursors of relay.ts;
 * `checkFirst` stays importable from here for code written against the old module.
 */
export { checkFirst } from './relay.js';
