/**
 * Every endpoint's contract by area (decision 046): `contractOf(endpoint)` is what the API
 * registers a route with, `ContractOf<typeof endpoint>` what the web's `call` types a call by.
 */
import type { Endpoint } from '../endpoints/endpoint.js';
import type { Contract } from './contract.js';
import { accountContracts } from './accounts.js';
import { bookContracts, bulkContracts, marcContracts } from './books.js';
import { documentContracts, interopContracts } from './documents.js';
import { holdingContracts } from './holdings.js';
import { lendingContracts } from './lending.js';
import { interestContracts } from './interests.js';
import { libraryContracts } from './libraries.js';
import { lookupContracts } from './lookups.js';
import { operatorContracts } from './operator.js';
import { orderContracts } from './orders.js';
import { publisherContracts } from './publishers.js';
import { siteContracts } from './site.js';

export * from './contract.js';
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

/** The contracts of every area, under the area names of `endpoints/`. */
export const contracts = {
  accounts: accountContracts,
  books: bookContracts,
  bulk: bulkContracts,
  documents: documentContracts,
  holdings: holdingContracts,
  interests: interestContracts,
  interop: interopContracts,
  lending: lendingContracts,
  libraries: libraryContracts,
  lookups: lookupContracts,
  marc: marcContracts,
  operator: operatorContracts,
  orders: orderContracts,
  publishers: publisherContracts,
  site: siteContracts,
} as const;

export type Contracts = typeof contracts;

/** The contract of endpoint `E` (its area's entry of the same name). */
export type ContractOf<E extends Endpoint> = E['area'] extends keyof Contracts
  ? E['name'] extends keyof Contracts[E['area']]
    ? Contracts[E['area']][E['name']]
    : never
  : never;

/**
 * The contract of `endpoint`.
 * @throws Error when its area or name has none (an endpoint table out of step, never user input)
 */
export function contractOf<E extends Endpoint>(endpoint: E): ContractOf<E> {
  const area = (contracts as Record<string, Record<string, Contract> | undefined>)[endpoint.area];
  const contract = area?.[endpoint.name];
  if (!contract) throw new Error(`${endpoint.method} ${endpoint.path}: no contract ${endpoint.area}.${endpoint.name}`);
  return contract as ContractOf<E>;
}
