/** @jsbn/shared — the one contract both the API and the web app import (ARCHITECTURE.md). */
export * from './core.js';
export * from './schemas/common.js';
export * from './schemas/accounts.js';
export * from './schemas/books.js';
export * from './schemas/orders.js';
export * from './schemas/replies.js';
export * from './message-catalogues.js';
export * from './lookup-catalogues.js';
export * from './schemas/bulk.js';
export * from './schemas/operator-dashboard.js';
export * from './schemas/history.js';
export * from './schemas/moderation.js';
export * from './schemas/queues.js';
export * from './schemas/interests.js';
export * from './schemas/holdings.js';
export * from './schemas/lending.js';
export * from './contracts/index.js';
