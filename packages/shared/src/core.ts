/**
 * @jsbn/shared/core — the part of the contract without zod: the JSBN code, constants, the spec's
 * messages, the lookups and the table of uploaded files (`FILE_RULES`). Public pages of the web
 * app import this, so the first load of `/`, `/search-a-book` and `/jsbn/:jsbn` does not carry
 * the schema library. The endpoint table's methods and paths are here too (decision 046); their
 * schemas are the `contracts` of the main entry. Phone numbers are `@jsbn/shared/phone`, apart:
 * their parser's metadata (about 120 kB) is not part of the app's start (decision 078).
 */
export * from './jsbn.js';
export * from './constants.js';
export * from './messages.js';
export * from './lookups.js';
export * from './lookup-text.js';
export * from './record-text.js';
export * from './book-text.js';
export * from './control-characters.js';
export * from './file-rules.js';
export * from './book-json-ld.js';
export * from './languages.js';
export * from './money.js';
export * from './payments.js';
export * from './couriers.js';
export * from './plain-text.js';
export * from './same-site-path.js';
export * from './nearness.js';
export * from './endpoints/index.js';
export type * from './server-page.js';
export { FORM_REPLY_KEY } from './server-page.js';
