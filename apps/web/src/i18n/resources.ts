/**
 * The English screen texts, bundled with the app (the reference language, and what every other
 * language falls back to): one namespace per feature of `src/features`, `common` for the
 * layout and the shared components; `lookups`, the words of the lookups stored with books and
 * accounts (`@jsbn/shared`'s catalogue, shared with the API's documents); `record`, the words of
 * the record of changes' values (`@jsbn/shared`'s too, shared with the record's CSV).
 */
import accounts from '../locales/en/accounts.json';
import bookForm from '../locales/en/bookForm.json';
import books from '../locales/en/books.json';
import common from '../locales/en/common.json';
import directory from '../locales/en/directory.json';
import home from '../locales/en/home.json';
import interests from '../locales/en/interests.json';
import operator from '../locales/en/operator.json';
import ordering from '../locales/en/ordering.json';
import operatorQueues from '../locales/en/operatorQueues.json';
import orders from '../locales/en/orders.json';
import operatorModeration from '../locales/en/operatorModeration.json';
import operatorHistory from '../locales/en/operatorHistory.json';
import shelves from '../locales/en/shelves.json';
import lending from '../locales/en/lending.json';
import staticPages from '../locales/en/static.json';
import lookups from '@jsbn/shared/locales/en/lookups.json';
import record from '@jsbn/shared/locales/en/record.json';

export const ENGLISH = {
  common,
  accounts,
  books,
  bookForm,
  directory,
  home,
  interests,
  operator,
  ordering,
  orders,
  operatorModeration,
  operatorQueues,
  operatorHistory,
  shelves,
  lending,
  static: staticPages,
  lookups,
  record,
} as const;

/** The namespaces of screen texts (files `src/locales/<lng>/<namespace>.json`). */
export type Namespace = keyof typeof ENGLISH;
export const NAMESPACES = Object.keys(ENGLISH) as Namespace[];
