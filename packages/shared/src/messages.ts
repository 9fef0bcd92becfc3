/**
 * The exact texts users read, quoted from the spec. Both sides import them, so a message
 * exists once: the server validation answers with it and the web form shows it.
 */
export const MSG = {
  // accounts
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordSpecial: 'Password must contain at least one special character',
  passwordSpaces: 'Password cannot include white spaces',
  passwordsMatch: 'Passwords must match',
  passwordCommon: 'This password is too common and easy to guess. Please choose another.',
  phone10: 'Phone number must be 10 digits',
  whatsapp10: 'Whatsapp number must be 10 digits',
  landline10: 'Landline number must be 10 digits',
  publisherNo5: 'Publisher unique id must be 5 characters long',
  otpRequired: 'OTP is required',
  otp6: 'OTP must be 6 characters long',
  letterText10: 'Text field must be at least 10 characters',
  newPasswordMin: 'New password must be at least 8 characters long',
  oldPasswordRequired: 'Old password is required',
  passwordChanged: 'Password changed successfully',
  validEmail: 'Please enter a valid email address',
  contact10: 'Contact number must be 10 digits',
  validContact: 'Please enter a valid contact number',
  message10: 'Message must be at least 10 characters',
  contactSent: 'Your message has been sent successfully!',
  contactFailed: 'Failed to send message. Please try again.',
  analyticsFailed: 'An error occurred while getting analytics',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  // books
  bookTitle: 'Book title is required.',
  bookETitle: 'Book English title is required.',
  pages: 'Number of pages is required.',
  publicationYear: 'Publication year is required.',
  language: 'Language is required.',
  bookCover: 'Book cover page is required.',
  swaroop: 'Swaroop is required',
  subjectOrOther: 'At least one subject or other subject is required',
  authorAtLeastOne: 'At least one author with a name is required.',
  authorType: 'Author type is required.',
  authorName: 'Author name is required.',
  bookCreated: 'Book created successfully',
  bookRegistered: 'Your book has been registered successfully.',
  availablePrompt: 'Is book available for printing?',
  // ordering
  orderQuantity: 'Order Quantity can not be empty or 0.',
  noItems: 'No items',
  letterTextHint: 'Want to order book? Please add letter text to create your first order.',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  receivedConfirm: 'Are you sure you want to update the status of this order?',
  invalidCourierNumber: 'Invalid Number',
  indiaPostTrackingId: 'An India Post tracking id is two letters, nine digits and IN, e.g. EE123456785IN: please check it',
  unsupportedFile: 'Unsupported File Format',
  dispatchFileTooLarge: 'File Size is too large, please select a file with a size less than 5 MB',
  orderDispatched: 'Order dispatched successfully',
  selectToExport: 'Please select at least one row to export',
  selectToPrint: 'Please select at least one row to print address',
  pdfError: 'Error while generating pdf',
  generatingSummary: 'Generating order summery...',
  searchAtLeastOne: 'Please fill at least one field before submitting.',
  // the error catalogue
  maintenance: 'Server is under maintenance mode. Please try again later.',
  /** The browser has no connection (not in the spec; decision 075). */
  offline: 'You are offline. Try again when the connection returns.',
  unauthorized: 'Unauthorized',
  serviceUnavailable: 'Service unavailable',
  somethingWrong: 'Something went wrong',
  /** The page shown when a page fails unexpectedly (the route error boundary, apps/web app/route-error.tsx). */
  somethingWrongPage: 'Something went wrong!!!',
  noData: 'No data found',
  loading: 'Loading...',
  // reminders about a waiting order (not in the spec)
  reminderSent: 'Reminder sent to the publisher',
  reminderTooEarly: 'A reminder can be sent once the order has waited more than 3 days.',
  reminderToday: 'A reminder was sent in the last day. You can send the next one tomorrow.',
  reminderNotWaiting: 'Reminders are for orders waiting on the publisher (Requested or Preparing).',
  // a library's interests (not in the spec; decision 073)
  interestLanguage: 'Choose each language from the list',
  interestSubject: 'Choose each subject from the list',
  interestSwaroop: 'Choose each swaroop from the list',
  interestFrequency: 'Choose weekly or never',
  interestsSaved: 'Your interests are saved',
  followingPublisher: 'You follow this publisher: its new books will be in your digest',
  unfollowedPublisher: 'You no longer follow this publisher',
  followingAuthor: 'You follow this author: new books by the author will be in your digest',
  unfollowedAuthor: 'You no longer follow this author',
  // a library's holdings (not in the spec; decision 071)
  accessionNumber: 'Accession number: letters, digits, / - and . only, at most 30 characters',
  holdingJsbn: 'Enter a valid JSBN, e.g. AGM01-00001-X',
  holdingIsbn: 'Enter a valid ISBN-13: 13 digits starting with 978 or 979',
  holdingCondition: 'Choose the condition from the list',
  holdingAcquiredOn: 'Date received must be a date YYYY-MM-DD',
  holdingTitle: 'Title is required.',
  holdingYear: 'Year must be between 1000 and 2100',
  holdingSource: 'Choose gift or bought',
  holdingBook: 'Give the book’s JSBN or describe the book, one of the two',
  holdingState: 'Choose on the shelves, missing or withdrawn',
  holdingReason: 'Say why the copy leaves the shelves',
  holdingCode: 'Scan or type a JSBN, an ISBN or an accession number',
  holdingSaved: 'Copy saved',
  holdingKoha: 'Koha must be true or false',
  holdingsPublic: 'Choose whether readers see your holdings',
  pincode: 'PIN code: 6 digits',
  cityOfState: 'Choose a city of the chosen state',
  holdingsShown: 'Readers now see the books on your shelves',
  holdingsHidden: 'Your holdings are hidden from readers',
  holdingBranch: 'Koha branch code: up to 10 letters or digits',
  holdingMoved: 'Copy updated',
  holdingRequestId: 'The scan’s request id must be 8 to 64 letters, digits, - or _',
} as const;

/** A partial accept's reason and a receipt short or damaged: the fields' messages. */
export const ORDER_MSG = {
  partialReason: 'Reason for accepting fewer copies is required',
  partialReasonChoice: 'Reason for accepting fewer copies must be out of stock, limited copies per library or other',
  partialNote: 'Reason in words is required when the reason is other',
  receivedAs: 'Received must be in full or short or damaged',
  receivedNote: 'Note on what is short or damaged is required',
  receivedShort: 'Order marked as received, short or damaged',
} as const;

/** Money on the order (decision 070): the payment fields' messages and the payment steps' answers. */
export const PAYMENT_MSG = {
  postageTerms: 'Postage terms must be free, per parcel, per copy or as actual',
  postageAmountRequired: 'Postage amount is required for postage per parcel or per copy',
  vpa: 'UPI ID must look like name@bank (letters, digits, dot, dash or underscore before the @)',
  accountNo: 'Bank account number must be 9 to 18 digits',
  ifsc: 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits',
  utr: 'UTR must be exactly 12 digits',
  paidOn: 'Payment date must be a date, not after today',
  paymentAmount: 'Amount paid must be more than 0',
  postageNotActual: "This order's postage follows your postage terms; only postage 'as actual' is stated",
  paymentRecorded: 'Payment recorded; the publisher will confirm it',
  paymentConfirmed: 'Payment confirmed as received',
  paymentQueried: 'The library has been told the payment was not received',
} as const;

/**
 * The 415 for a file whose bytes claim to be a JPEG or PNG but do not decode as an image
 * (damaged, cut short); `what` names the file or field ('Logo', 'cover.jpg').
 */
export const unreadableImageMessage = (what: string) =>
  `${what} could not be read as an image; the file may be damaged. Please choose another file.`;
