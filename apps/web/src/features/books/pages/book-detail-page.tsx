import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLookups, useMessages } from '../../../i18n';
import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { Box, Button, Chip, Dialog, DialogContent, DialogTitle, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import ShareIcon from '@mui/icons-material/Share';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import {
  BOOK_MSG,
  QR_SIZE_PX,
  authorsText,
  bookEndpoints,
  bookJsonLd,
  formatJsbn,
  languageText,
  lookupText,
  marcEndpoints,
  subjectsText,
  type LookupCatalogue,
} from '@jsbn/shared/core';
import type { BookDto } from '@jsbn/shared';
import { ApiError, call, endpointUrl } from '../../../api/client';
import { useSession } from '../../../api/session';
import { formatDate } from '../../../components/format';
import { usePrices } from '../../../components/prices';
import { LoadingState } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import {
  bookDetailPath,
  claimPublisherPath,
  loginPath,
  orderBookPath,
  paths,
  publisherPagePath,
  readerOrderPath,
} from '../../../lib/paths';
import { siteOrigin } from '../../../lib/origin';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';
import { useBookByJsbn } from '../../../api/books';
import { qrDownloadUrl } from '../api/books-api';
import { BookGallery } from '../components/book-gallery';
import { JsonLd } from '../components/book-json-ld';
import { downloadLink } from '../../../components/download';
import { useCatalogueDownload } from '../components/catalogue-download';
import { PublisherBox } from '../components/publisher-box';
import { PublisherCarousel } from '../components/publisher-carousel';
import { ReadItAt } from '../components/read-it-at';
import { MarcDownloads, PrintQrDownloads } from '../../../components/print-downloads';
import type { ShareTarget } from '../components/share-dialog';
import { shareBookPage, whatsAppShareLink } from '../components/share-book';
import { lazyNamed, useOnceTrue } from '../../../components/lazy';
import { queryKeys } from '../../../api/query-keys';
import { WithdrawnNotice } from '../components/withdrawn-notice';
import { FollowButton } from '../../../components/follow-button';

// The request forms carry zod; they load when a visitor first opens one, so the page a QR code
// opens stays light.
const requestDialogs = () => import('../../../components/request-dialogs');
const PrivatePdfDialog = lazyNamed(requestDialogs, 'PrivatePdfDialog');
const PdfRequestDialog = lazyNamed(requestDialogs, 'PdfRequestDialog');
const ShareDialog = lazyNamed(() => import('../components/share-dialog'), 'ShareDialog');
const ClaimDialog = lazyNamed(() => import('../components/claim-dialog'), 'ClaimDialog');
const ReportDialog = lazyNamed(() => import('../components/report-dialog'), 'ReportDialog');

/** True when a fact has something to show: not null, not empty text. */
const present = (value: ReactNode) => value !== null && value !== undefined && value !== '';

/**
 * A fact of the book: its label and value. A fact the book does not have is left out — this is
 * the page a QR code opens, and six 'N/A' rows tell a visitor nothing (tables keep N/A; decision 029).
 */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (!present(value)) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '112px minmax(0, 1fr)', sm: '170px minmax(0, 1fr)' }, gap: 1, py: 0.5 }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The swaroop as a visitor reads it, in the reader's language ('आगम (मूल शास्त्र-ग्रंथ)'), without the list's internal code (AGM1); its other swaroop beside. */
function swaroopOf(book: BookDto, lookups: LookupCatalogue) {
  return [book.type ? lookupText(lookups, 'swaroops', book.type) : null, book.other_type].filter(Boolean).join(', ');
}

/** The link of the book PDF the viewer may open: the public link, or the signed stored file. */
function pdfLinkOf(book: BookDto): string | null {
  if (book.isPublicPdf && book.pdfurl) return book.pdfurl;
  return book.pdfpublisher ?? book.book_pdf ?? book.pdfurl ?? null;
}

/** A library's site: its name and address. */
interface LibrarySite {
  name: string;
  url: string;
}

/** Four Jain library sites; the first searches by the book's name, the others are the same for every book. */
export function externalLibraries(bookName: string, t: TFunction<'books'>): [LibrarySite, ...LibrarySite[]] {
  return [
    {
      name: t('detail.libraries.archive', { site: 'Internet Archive' }),
      url: `https://archive.org/search?query=${encodeURIComponent(bookName)}`,
    },
    { name: 'Jain eLibrary', url: 'https://jainelibrary.org/' },
    { name: 'JainQQ', url: 'https://jainqq.org/' },
    { name: 'Jain Reference Library', url: 'https://jainreferencelibrary.org/' },
  ];
}

/** A Jain library's site, opened in a new tab. */
function LibraryLink({ site }: { site: LibrarySite }) {
  return (
    <Button
      variant="outlined"
      href={site.url}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon />}
      sx={{ justifyContent: 'space-between' }}
    >
      {site.name}
    </Button>
  );
}

/**
 * A dialog whose module is still on its way (a tap that came before the app had fetched it):
 * its frame and title at once, saying it loads, until the dialog itself replaces it.
 */
function LoadingDialog({ open, title }: { open: boolean; title: string }) {
  return (
    <Dialog open={open} aria-labelledby="loading-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="loading-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <LoadingState />
      </DialogContent>
    </Dialog>
  );
}

/**
 * /jsbn/:jsbn — public book detail, the page a book's QR code opens. On a phone
 * the first screen is about the book — title, authors, publisher, language, price, the order
 * buttons and Share — then the cover and QR code, the rest of its facts, the downloads and the
 * publisher (decision 029). Rendered by the server for visitors (decision 011).
 */
export function BookDetailPage() {
  const { t } = useTranslation('books');
  const prices = usePrices();
  const message = useMessages();
  const { jsbn = '' } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn, isLibrary } = useSession();
  const query = useBookByJsbn(jsbn);
  const queryClient = useQueryClient();
  const lookups = useLookups();
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const shareWanted = useOnceTrue(Boolean(sharing));
  const [claimOpen, setClaimOpen] = useState(false);
  const claimWanted = useOnceTrue(claimOpen);
  const [reportOpen, setReportOpen] = useState(false);
  const reportWanted = useOnceTrue(reportOpen);
  const [privateOpen, setPrivateOpen] = useState(false);
  const [requestOpen, setRequestOpen] = useState(false);
  const dialogsWanted = useOnceTrue(privateOpen || requestOpen);
  const catalogue = useCatalogueDownload(query.data?.publisher_info.publisher_no);

  // a withdrawn book stays on its page with the notice (410, decision 043)
  const gone = query.error instanceof ApiError && query.error.status === 410 ? query.error : null;
  useEffect(() => {
    // The error is toasted by the client; the user goes home.
    if (query.isError && !gone) void navigate(paths.home, { replace: true });
  }, [query.isError, gone, navigate]);

  const canonical = query.data ? formatJsbn(query.data.book.jsbn_number) : null;
  useEffect(() => {
    if (canonical && canonical !== jsbn) {
      queryClient.setQueryData(queryKeys.books.byJsbn(canonical), query.data);
      void navigate(bookDetailPath(canonical), { replace: true });
    }
  }, [canonical, jsbn, navigate, queryClient, query.data]);

  const title = canonical ?? jsbn;
  useEffect(() => {
    const before = document.title;
    document.title = t('detail.documentTitle', { jsbn: title });
    return () => {
      document.title = before;
    };
  }, [title, t]);

  if (gone)
    return (
      <WithdrawnNotice
        title={typeof gone.data?.book_title === 'string' ? gone.data.book_title : null}
        message={gone.message}
        seeJsbn={typeof gone.data?.see_jsbn === 'string' ? gone.data.see_jsbn : null}
      />
    );
  if (query.isLoading || !query.data) return <LoadingState />;
  const { book, publisher_info: publisher, generated_pdfs: documents } = query.data;
  const pagePath = bookDetailPath(title);
  const pageUrl = new URL(pagePath, siteOrigin()).href;
  const pdfLink = pdfLinkOf(book);
  // a book-PDF row only for a book that has one: a file stored (public or by request) or a publisher's link
  const hasPdf = book.has_book_pdf || Boolean(pdfLink);
  const years = [
    book.publication_year ?? message(BOOK_MSG.yearNotKnown),
    book.vikram_samvat ? t('detail.vikram', { year: book.vikram_samvat }) : null,
    book.veer_samvat ? t('detail.veer', { year: book.veer_samvat }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  // 'Published: No' says nothing a publication year does not; a publication date does
  const published =
    book.book_published === 'yes'
      ? book.published_date
        ? t('detail.yesOn', { date: formatDate(book.published_date) })
        : t('detail.yes')
      : book.publication_year
        ? null
        : t('detail.no');
  const gallery = [
    ...(book.book_cover ? [{ src: book.book_cover, alt: t('detail.coverOf', { title: book.book_title }) }] : []),
    ...book.bookimage.map((src, index) => ({ src, alt: t('detail.imageOf', { n: index + 1, title: book.book_title }) })),
  ];
  const otherBooks = publisher.latest_books.filter((other) => other.jsbn_number !== book.jsbn_number);
  const publisherInfoPdf = publisher.publisherId
    ? endpointUrl(bookEndpoints.publisherInfoPdf, { params: { publisherId: publisher.publisherId } })
    : null;

  /** Book PDF actions: private → the dialog with Request; none uploaded → the spec's notice. */
  const withPdf = (action: (link: string) => void) => {
    if (pdfLink) return action(pdfLink);
    if (book.readers === 'No') return setPrivateOpen(true);
    enqueueSnackbar(message(BOOK_MSG.pdfNotUploaded), { variant: 'info' });
  };
  const openDocument = (url: string | null, missing: string, name?: string) => {
    if (!url) return enqueueSnackbar(message(missing), { variant: 'warning' });
    downloadLink(url, name);
  };

  /** What Share sends: the book's title and JSBN, then the page's link. */
  const shareText = `${book.book_title} — JSBN ${title}`;
  /** The page's link with its title: the phone's share sheet, else the share dialog (the page's address, Copy link, WhatsApp). */
  const share = () =>
    shareBookPage({ title: book.book_title, text: shareText, url: pageUrl }, () =>
      setSharing({ title: book.book_title, text: shareText, url: pageUrl }),
    );

  const downloads: { key: string; label: string; onDownload: () => void }[] = [
    {
      key: 'details',
      label: t('detail.share.details'),
      onDownload: () => openDocument(documents.single_book_pdf, BOOK_MSG.pdfError, `JSBN-${title}.pdf`),
    },
    { key: 'qr', label: t('detail.share.qr'), onDownload: () => downloadLink(qrDownloadUrl(title), `${title}.jpg`) },
    ...(hasPdf
      ? [
          {
            key: 'pdf',
            label: t('detail.share.pdf'),
            onDownload: () =>
              withPdf((link) => {
                // Our own stored file downloads; a publisher's outside link opens in a new tab.
                if (new URL(link, window.location.origin).origin === window.location.origin) downloadLink(link, `${title}.pdf`);
                else window.open(link, '_blank', 'noopener');
              }),
          },
        ]
      : []),
  ];

  const [archive, ...others] = externalLibraries(book.book_title, t);

  return (
    <Box>
      <JsonLd data={bookJsonLd(book, publisher.publisher_name, pageUrl)} />
      <Typography variant="subtitle1" component="h1" color="text.secondary" sx={{ fontWeight: 700, mb: 1, wordBreak: 'break-word' }}>
        {t('detail.title', { jsbn: title })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', lg: '280px minmax(0, 1fr) 320px' },
          // beside the cover: the book's summary, then its other facts right under it
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 }, minWidth: 0, gridColumn: { md: 2 }, gridRow: { md: 1 } }}
          component="section"
          aria-labelledby="book-title"
          data-testid="book-summary"
        >
          <Typography id="book-title" variant="h5" component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {book.book_title}
          </Typography>
          {book.book_e_title ? (
            <Typography variant="subtitle1" component="p" color="text.secondary">
              {book.book_e_title}
            </Typography>
          ) : null}
          {book.book_alt_subtitle ? <Typography variant="body1">{book.book_alt_subtitle}</Typography> : null}
          <Stack direction="row" sx={{ my: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <Chip label={`JSBN ${title}`} color="primary" variant="outlined" />
            {/* a WhatsApp link with the page's address before the app is there (decision 066); the share sheet or dialog once it is */}
            <Button
              variant="outlined"
              startIcon={<ShareIcon />}
              component="a"
              href={whatsAppShareLink(shareText, pageUrl)}
              target="_blank"
              rel="noopener"
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                void share();
              }}
            >
              {t('detail.shareBook')}
            </Button>
          </Stack>
          <Box component="dl" sx={{ m: 0 }}>
            <Fact label={t('detail.facts.authors')} value={authorsText(lookups, book.authors)} />
            <Fact
              label={t('detail.facts.publisher')}
              value={
                <Link component={RouterLink} to={publisherPagePath(publisher.publisherId)} sx={TAP_LINK}>
                  {book.publisher_name}
                </Link>
              }
            />
            <Fact label={t('detail.facts.language')} value={languageText(lookups, book.language)} />
            <Fact label={t('detail.facts.price')} value={prices.book(book)} />
          </Box>
          {/* a library follows the book's authors: their new books come in its weekly e-mail (decision 073) */}
          {isLibrary && book.authors.length ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="follow-authors">
              {book.authors.map((author) => (
                <FollowButton
                  key={author.authorId}
                  target={{ kind: 'author', id: author.authorId }}
                  name={author.author_name}
                  size="small"
                />
              ))}
            </Stack>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            {!isLoggedIn ? (
              <>
                {/* the login goes on to the cart with this book in it and the order's confirmation open (decision 066) */}
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={loginPath({ as: 'LIBRARY', next: orderBookPath(publisher.publisherId, title, { confirm: true }) })}
                >
                  {t('detail.orderAsLibrary')}
                </Button>
                {/* a page with a form the server answers too (decision 066) */}
                <Button variant="outlined" component={RouterLink} to={readerOrderPath(title)}>
                  {t('detail.orderAsReader')}
                </Button>
              </>
            ) : null}
            {isLibrary ? (
              <Button variant="contained" component={RouterLink} to={orderBookPath(publisher.publisherId, title)}>
                {t('detail.orderThis')}
              </Button>
            ) : null}
          </Stack>
        </Paper>

        <Paper
          variant="outlined"
          sx={{ p: 2, textAlign: 'center', gridColumn: { md: 1 }, gridRow: { md: '1 / span 2' } }}
          data-testid="book-gallery"
        >
          <BookGallery images={gallery} />
          <Divider sx={{ my: 2 }} />
          <SafeImage
            src={book.qrcode_image}
            alt={t('detail.qrOf', { jsbn: title })}
            width={QR_SIZE_PX}
            height={QR_SIZE_PX}
            style={{ maxWidth: '100%', height: 'auto' }}
          />
        </Paper>

        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 }, minWidth: 0, gridColumn: { md: 2 }, gridRow: { md: 2 } }}
          component="section"
          aria-label={t('detail.moreFacts')}
          data-testid="book-facts"
        >
          <Box component="dl" sx={{ m: 0 }}>
            <Fact label={t('detail.facts.original')} value={book.alternate_title} />
            {book.book_alt_subtitle ? (
              <Fact
                label={t('detail.facts.subtitleLanguage')}
                value={book.book_subtitle_lang && languageText(lookups, book.book_subtitle_lang)}
              />
            ) : null}
            <Fact label={t('detail.facts.pages')} value={book.pages} />
            <Fact label={t('detail.facts.year')} value={years} />
            <Fact label={t('detail.facts.swaroop')} value={swaroopOf(book, lookups)} />
            <Fact label={t('detail.facts.subjects')} value={subjectsText(lookups, book)} />
            <Fact label={t('detail.facts.part')} value={book.part} />
            <Fact label={t('detail.facts.size')} value={book.height && book.width ? `${book.height} × ${book.width}` : book.size} />
            <Fact label={t('detail.facts.copies')} value={book.no_of_copy} />
            <Fact label={t('detail.facts.published')} value={published} />
            <Fact label={t('detail.facts.tags')} value={book.tags} />
            <Fact
              label={t('detail.facts.index')}
              value={
                book.index_pdf ? (
                  <Link href={book.index_pdf} target="_blank" rel="noopener" sx={TAP_LINK}>
                    {t('detail.openIndex')}
                  </Link>
                ) : null
              }
            />
          </Box>
          {book.contents ? (
            <Box sx={{ mt: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>{t('detail.contents')}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{book.contents}</Typography>
            </Box>
          ) : null}
        </Paper>

        <Box
          sx={{
            gridColumn: { md: '1 / -1', lg: 3 },
            gridRow: { lg: '1 / span 2' },
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr', lg: 'minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="downloads-title">
              <Typography id="downloads-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('detail.downloads')}
              </Typography>
              <Stack divider={<Divider flexItem />} spacing={1}>
                {downloads.map((row) => (
                  <Stack
                    key={row.key}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                    data-testid={`download-${row.key}`}
                  >
                    <Typography sx={{ fontWeight: 600 }}>{row.label}</Typography>
                    <Button
                      variant="outlined"
                      startIcon={<DownloadIcon />}
                      onClick={row.onDownload}
                      aria-label={t('detail.share.downloadOf', { what: row.label })}
                      sx={{ flexShrink: 0 }}
                    >
                      {t('detail.share.download')}
                    </Button>
                  </Stack>
                ))}
              </Stack>
            </Paper>
          </>

          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="print-title">
            <Typography id="print-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('print.title')}
            </Typography>
            <Stack spacing={1.5} divider={<Divider flexItem />}>
              <Box data-testid="print-qr">
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('print.qr')}</Typography>
                <PrintQrDownloads jsbn={title} />
              </Box>
              <Box data-testid="print-marc">
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('print.marc')}</Typography>
                <MarcDownloads
                  load={(format) => call(format === 'mrc' ? marcEndpoints.bookMrc : marcEndpoints.bookXml, { params: { jsbnNo: title } })}
                  name={`JSBN-${title}`}
                />
              </Box>
            </Stack>
          </Paper>

          <PublisherBox
            publisher={publisher}
            isLoggedIn={isLoggedIn}
            catalogue={catalogue}
            onInfoPdf={() => openDocument(publisherInfoPdf, BOOK_MSG.publisherInfoPdfMissing)}
            onBookList={() => openDocument(documents.publisher_book_list_pdf, BOOK_MSG.pdfError)}
            onClaim={() => setClaimOpen(true)}
            claimHref={claimPublisherPath(formatJsbn(book.jsbn_number))}
          />
        </Box>
      </Box>

      <ReadItAt libraries={query.data.read_at} />

      <PublisherCarousel
        books={otherBooks}
        publisherName={publisher.publisher_name}
        publisherId={publisher.publisherId}
        total={publisher.total_books}
      />

      <Box component="section" aria-labelledby="libraries-title" sx={{ mt: 4 }}>
        <>
          <Typography id="libraries-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('detail.libraries.title')}
          </Typography>
        </>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <LibraryLink site={archive} />
          <>
            {others.map((site) => (
              <LibraryLink key={site.name} site={site} />
            ))}
          </>
        </Box>
      </Box>

      <>
        <Box sx={{ mt: 3 }}>
          <Button
            variant="text"
            color="inherit"
            startIcon={<FlagOutlinedIcon />}
            onClick={() => setReportOpen(true)}
            sx={{ color: 'text.secondary', minHeight: TAP_PX }}
          >
            {t('report.open')}
          </Button>
        </Box>
      </>

      {reportWanted ? (
        <Suspense fallback={null}>
          <ReportDialog
            jsbn={formatJsbn(book.jsbn_number)}
            bookTitle={book.book_title}
            open={reportOpen}
            onClose={() => setReportOpen(false)}
          />
        </Suspense>
      ) : null}
      {dialogsWanted ? (
        <Suspense
          fallback={
            <LoadingDialog open={privateOpen || requestOpen} title={t(requestOpen ? 'requests.pdfTitle' : 'requests.privateTitle')} />
          }
        >
          <PrivatePdfDialog
            open={privateOpen}
            onClose={() => setPrivateOpen(false)}
            onRequest={() => {
              setPrivateOpen(false);
              setRequestOpen(true);
            }}
          />
          <PdfRequestDialog bookId={book.id} bookTitle={book.book_title} open={requestOpen} onClose={() => setRequestOpen(false)} />
        </Suspense>
      ) : null}
      {claimWanted ? (
        <Suspense fallback={null}>
          <ClaimDialog
            publisherId={publisher.publisherId}
            publisherName={publisher.publisher_name}
            open={claimOpen}
            onClose={() => setClaimOpen(false)}
          />
        </Suspense>
      ) : null}
      {shareWanted ? (
        <Suspense fallback={null}>
          <ShareDialog target={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
