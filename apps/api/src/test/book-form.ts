/** The book form's fields as the new-book and edit pages send them (multipart), for API tests. */
export const BOOK_FORM_FIELDS = {
  book_title: 'શ્રી કલ્પસૂત્ર',
  book_e_title: 'Shri Kalpasutra',
  pages: '300',
  publication_year: '2023',
  language: 'Gujarati',
  type: 'SAT1',
  'subjects[0][id]': '1',
  'authors[0][authorType]': '1',
  'authors[0][author_name]': 'Bhadrabahu Swami',
  readers: 'No',
} as const;
