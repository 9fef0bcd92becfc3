/** Every route path of the web app, in one place (STYLE: Web). */
export const paths = {
  home: '/',
  about: '/about',
  faq: '/faq',
  privacyPolicy: '/privacy-policy',
  terms: '/terms-of-services',
  contactUs: '/contact-us',
  gallery: '/gallery',
  searchBook: '/search-a-book',
  publishers: '/publishers',
  libraries: '/libraries',
  login: '/login',
  libraryRegister: '/library-register',
  publisherRegister: '/publisher-register',
  editProfile: '/edit-profile',
  changePassword: '/change-password',
  /** The page of the e-mailed reset link: /new-password?token=… */
  newPassword: '/new-password',
  logout: '/logout',
  customizeLetterFormat: '/customize-letter-format',
  serviceUnavailable: '/404',
  // books and orders
  bookDetail: '/jsbn/:jsbn',
  publisherWiseBooks: '/publisher-wise-books',
  publisherBooks: '/publisher-wise-books/:publisherId',
  newPublishedBooks: '/new-published-books',
  orders: '/orders',
  generatedLetters: '/generated-letters',
  listOfLibraries: '/list-of-libraries',
  bookedOrders: '/booked-orders',
  myBooks: '/my-books',
  /** 'Register many books' from an Excel file (issue 14 part 3). */
  bulkRegister: '/my-books/register-many',
  newBookReg: '/new-book-reg',
  editBook: '/edit-book/:id',
  /** /edit-book without an id shows 'Book ID not found' (spec books §2). */
  editBookNoId: '/edit-book',
} as const;

/** /jsbn/<JSBN> — pass the formatted (hyphenated) number. */
export const bookDetailPath = (jsbn: string) => `/jsbn/${encodeURIComponent(jsbn)}`;
export const publisherBooksPath = (publisherId: number | string) => `/publisher-wise-books/${publisherId}`;
export const editBookPath = (id: number | string) => `/edit-book/${id}`;
