/** The lookup lists (states, cities, languages, subjects, author types, swaroops): methods and paths. */
import { endpointTable } from './endpoint.js';

export const lookupEndpoints = /* @__PURE__ */ endpointTable('lookups', {
  states: ['GET', '/state'],
  /** The cities of a state (404 for an unknown state). */
  cities: ['GET', '/state/:stateId/city'],
  languages: ['GET', '/book/language'],
  subjects: ['GET', '/book/subject'],
  authorTypes: ['GET', '/book/author-type'],
  swaroops: ['GET', '/book/swaroop'],
});
