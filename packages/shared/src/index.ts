/** @jsbn/shared — the one contract both the API and the web app import (DESIGN §1). */
export * from './jsbn.js';
export * from './constants.js';
export * from './messages.js';
export * from './lookups.js';
export * from './schemas/common.js';
export * from './schemas/accounts.js';
export * from './schemas/books.js';
export * from './schemas/orders.js';
