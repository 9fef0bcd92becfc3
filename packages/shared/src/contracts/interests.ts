/** What the interests endpoints take and answer (decision 073). */
import { z } from 'zod';
import type { interestEndpoints } from '../endpoints/interests.js';
import {
  digestTokenQuery,
  followAuthorParams,
  followPublisherParams,
  interestReach,
  interestReachQuery,
  interestsBody,
  interestsDto,
} from '../schemas/interests.js';
import { file, type ContractRows } from './contract.js';

/** The library's interests: `{ interests }`. */
export const interestsReply = z.object({ interests: interestsDto });

const page = (description: string) => file(description, 'text/html');

export const interestContracts = {
  mine: { reply: interestsReply },
  save: { body: interestsBody, reply: interestsReply },
  followPublisher: { params: followPublisherParams, reply: interestsReply },
  unfollowPublisher: { params: followPublisherParams, reply: interestsReply },
  followAuthor: { params: followAuthorParams, reply: interestsReply },
  unfollowAuthor: { params: followAuthorParams, reply: interestsReply },
  reach: { query: interestReachQuery, reply: interestReach },
  cart: {
    query: digestTokenQuery,
    file: page('303 to the publisher’s books with the book in the cart; an expired link: a page saying so'),
  },
  digest: { query: digestTokenQuery, file: page('The digest: its books, each with Add to cart and Not for us') },
  notForUsPage: { query: digestTokenQuery, file: page('A page with the button that says the book is not for the library') },
  notForUs: { query: digestTokenQuery, file: page('Done: the book is not suggested again') },
  unsubscribePage: { query: digestTokenQuery, file: page('A page with the button that stops the digest') },
  unsubscribe: { query: digestTokenQuery, file: page('Done: no more digests (RFC 8058 one-click)') },
} as const satisfies ContractRows<typeof interestEndpoints>;
