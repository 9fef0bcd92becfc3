/** Every area's endpoints (method and path), zod-free: the browser's first load may import them (decision 046). */
export * from './endpoint.js';
export * from './accounts.js';
export * from './books.js';
export * from './documents.js';
export * from './holdings.js';
export * from './interests.js';
export * from './lending.js';
export * from './libraries.js';
export * from './lookups.js';
export * from './operator.js';
export * from './orders.js';
export * from './publishers.js';
export * from './site.js';
