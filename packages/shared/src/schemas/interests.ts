/**
 * A library's interests (decision 073): what it collects — languages, subjects, swaroops — how
 * often it hears of new books matching them, and the publishers and authors it follows; and what
 * a publisher learns of the libraries' interest in it (counts only).
 */
import { z } from 'zod';
import { LANGUAGES, SUBJECTS, SWAROOPS } from '../lookups.js';
import { MSG } from '../messages.js';
import { id, listQuery } from './common.js';

/** How often a library hears of new books: each digest run (weekly by default) or never. */
export const INTEREST_FREQUENCIES = ['weekly', 'never'] as const;
export type InterestFrequency = (typeof INTEREST_FREQUENCIES)[number];

/** The languages a library may choose: the single ones of the lookups ('Gujarati'; a book in 'Gujarati, Sanskrit' matches both). */
export const INTEREST_LANGUAGES = LANGUAGES.map((language) => language.language_name).filter((name) => !name.includes(',')) as [
  string,
  ...string[],
];
const SUBJECT_IDS = new Set(SUBJECTS.map((subject) => subject.id));
const SWAROOP_CODES = SWAROOPS.map((swaroop) => swaroop.code) as [string, ...string[]];

/** Each value once, in the order first given. */
const once = <T>(values: T[]) => [...new Set(values)];

/**
 * PUT /api/library/interests: `{ languages, subject_ids, swaroops, frequency }`; each list from
 * its lookup (a value not in it: 400 naming the list and the item), at most the lookup's size.
 */
export const interestsBody = z.object({
  languages: z
    .array(z.enum(INTEREST_LANGUAGES, MSG.interestLanguage))
    .max(INTEREST_LANGUAGES.length, MSG.interestLanguage)
    .default([])
    .transform(once),
  subject_ids: z
    .array(
      z
        .number({ error: MSG.interestSubject })
        .int(MSG.interestSubject)
        .refine((value) => SUBJECT_IDS.has(value), MSG.interestSubject),
    )
    .max(SUBJECTS.length, MSG.interestSubject)
    .default([])
    .transform(once),
  swaroops: z.array(z.enum(SWAROOP_CODES, MSG.interestSwaroop)).max(SWAROOPS.length, MSG.interestSwaroop).default([]).transform(once),
  frequency: z.enum(INTEREST_FREQUENCIES, MSG.interestFrequency).default('weekly'),
});
export type InterestsInput = z.input<typeof interestsBody>;

/** `:publisherId` of a follow. */
export const followPublisherParams = z.object({ publisherId: id });
/** `:authorId` of a follow. */
export const followAuthorParams = z.object({ authorId: id });
/** `?token=` of a digest's link: a signed token (decision 073), at most 1,000 characters. */
export const digestTokenQuery = z.object({ token: z.string().min(1).max(1000) });

/** A library's interests as it reads them back, with the publishers and authors it follows (each by name). */
export const interestsDto = z.object({
  languages: z.array(z.string()),
  subject_ids: z.array(z.number().int()),
  swaroops: z.array(z.string()),
  frequency: z.enum(INTEREST_FREQUENCIES),
  publishers: z.array(z.object({ id: z.number().int(), publisher_name: z.string(), publisher_no: z.string() })),
  authors: z.array(z.object({ id: z.number().int(), author_name: z.string() })),
});
export type InterestsDto = z.infer<typeof interestsDto>;

/** GET /api/publisher/interest: a page of the publisher's books named in digests, most named first. */
export const interestReachQuery = listQuery.omit({ sortedField: true, sortedOrder: true, queryString: true });

/**
 * What the publisher sees of the libraries' interest (counts only, never which library): how
 * many follow it, and how many digests named each of its books (a page of those named at least once).
 */
export const interestReach = z.object({
  followers: z.number().int(),
  books: z.array(z.object({ id: z.number().int(), jsbn_number: z.string(), book_title: z.string(), digests: z.number().int() })),
  total: z.number().int(),
});
export type InterestReach = z.infer<typeof interestReach>;
