/**
 * The Book details dialog of docs/api.md 'Shared dialogs', opened from book lists: the book's
 * cover and facts, with the request-PDF form for a book whose PDF is private, and a link to its
 * page (QR, documents, sharing).
 */
import { useTranslation } from 'react-i18next';
import { useLookups, useMessages } from '../i18n';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import { BOOK_MSG, authorsText, formatJsbn, languageText } from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { bookDetailPath } from '../lib/paths';
import { DetailsDialog, Row } from './details-dialogs';
import { orNA } from './format';
import { lazyNamed, useOnceTrue } from './lazy';

// The request form (zod, form fields) loads when it is first opened.
const PdfRequestDialog = lazyNamed(() => import('./request-dialogs'), 'PdfRequestDialog');

/**
 * Book details of `book` (null: closed). `open` (default: whether there is a book) lets a caller
 * keep the book while the dialog closes, so its facts stay in place during the closing transition.
 */
export function BookDetailsDialog({ book, open = Boolean(book), onClose }: { book: BookDto | null; open?: boolean; onClose: () => void }) {
  const { t } = useTranslation('books');
  const message = useMessages();
  const lookups = useLookups();
  const [requestOpen, setRequestOpen] = useState(false);
  const requestWanted = useOnceTrue(requestOpen);
  const privatePdf = Boolean(book?.has_book_pdf && book.readers === 'No');
  return (
    <>
      <DetailsDialog
        kind="Book"
        open={open && Boolean(book) && !requestOpen}
        onClose={onClose}
        details={
          book
            ? {
                logoUrl: book.book_cover,
                name: book.book_title,
                rows: (
                  <>
                    <Row label="JSBN">{formatJsbn(book.jsbn_number)}</Row>
                    <Row label={t('dialog.englishTitle')}>{orNA(book.book_e_title)}</Row>
                    <Row label={t('dialog.authors')}>{orNA(authorsText(lookups, book.authors))}</Row>
                    <Row label={t('dialog.language')}>{orNA(book.language && languageText(lookups, book.language))}</Row>
                    <Row label={t('dialog.year')}>{book.publication_year ?? message(BOOK_MSG.yearNotKnown)}</Row>
                    <Row label={t('dialog.pages')}>{book.pages}</Row>
                    <Row label={t('dialog.publisher')}>{orNA(book.publisher_name)}</Row>
                    {privatePdf ? <Row label={t('dialog.bookPdf')}>{message(BOOK_MSG.privatePdf)}</Row> : null}
                  </>
                ),
              }
            : undefined
        }
        actions={
          book ? (
            <>
              {privatePdf ? <Button onClick={() => setRequestOpen(true)}>{t('dialog.requestPdf')}</Button> : null}
              <Button component={RouterLink} to={bookDetailPath(formatJsbn(book.jsbn_number))}>
                {t('dialog.openPage')}
              </Button>
            </>
          ) : null
        }
      />
      {book && requestWanted ? (
        <Suspense fallback={null}>
          <PdfRequestDialog
            bookId={book.id}
            bookTitle={book.book_title}
            open={requestOpen}
            onClose={() => {
              setRequestOpen(false);
              onClose();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
