import { useTranslation } from 'react-i18next';
import { matchRoutes, type RouteObject } from 'react-router';
import { isValidElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, RequireRole } from './guards';
import { RouteError } from '../components/route-error';
import { paths } from '../lib/paths';
import { lazyNamed, type LazyComponent } from '../components/lazy';
import { operatorRoutes } from '../features/operator/routes';

// Every page is its own chunk; the book form and the order screens are the heavy ones.
const HomePage = lazyNamed(() => import('../features/home/pages/home-page'), 'HomePage');
const LoginPage = lazyNamed(() => import('../features/accounts/pages/login-page'), 'LoginPage');
const PublisherRegisterPage = lazyNamed(() => import('../features/accounts/pages/publisher-register-page'), 'PublisherRegisterPage');
const LibraryRegisterPage = lazyNamed(() => import('../features/accounts/pages/library-register-page'), 'LibraryRegisterPage');
const LogoutPage = lazyNamed(() => import('../features/accounts/pages/logout-page'), 'LogoutPage');
const CustomizeLetterPage = lazyNamed(() => import('../features/accounts/pages/customize-letter-page'), 'CustomizeLetterPage');
const NewBookPage = lazyNamed(() => import('../features/books/pages/new-book-page'), 'NewBookPage');
const MyBooksPage = lazyNamed(() => import('../features/books/pages/my-books-page'), 'MyBooksPage');
const BulkRegisterPage = lazyNamed(() => import('../features/books/pages/bulk-register-page'), 'BulkRegisterPage');
const SearchBookPage = lazyNamed(() => import('../features/books/pages/search-book-page'), 'SearchBookPage');
const BookDetailPage = lazyNamed(() => import('../features/books/pages/book-detail-page'), 'BookDetailPage');
const ReaderOrderPage = lazyNamed(() => import('../features/books/pages/reader-order-page'), 'ReaderOrderPage');
const ClaimPublisherPage = lazyNamed(() => import('../features/books/pages/claim-publisher-page'), 'ClaimPublisherPage');
const CartLayout = lazyNamed(() => import('../features/ordering/components/cart'), 'CartLayout');
const PublisherWiseBooksPage = lazyNamed(() => import('../features/ordering/pages/publisher-wise-books-page'), 'PublisherWiseBooksPage');
const PublisherBooksPage = lazyNamed(() => import('../features/ordering/pages/publisher-books-page'), 'PublisherBooksPage');
const NewPublishedBooksPage = lazyNamed(() => import('../features/ordering/pages/new-published-books-page'), 'NewPublishedBooksPage');
const TrackOrdersPage = lazyNamed(() => import('../features/orders/pages/track-orders-page'), 'TrackOrdersPage');
const BookedOrdersPage = lazyNamed(() => import('../features/orders/pages/booked-orders-page'), 'BookedOrdersPage');
const placeholders = () => import('../features/static/pages/placeholders');
const AboutPage = lazyNamed(() => import('../features/static/pages/about-page'), 'AboutPage');
const GalleryPage = lazyNamed(() => import('../features/static/pages/gallery-page'), 'GalleryPage');
const FaqPage = lazyNamed(() => import('../features/static/pages/faq-page'), 'FaqPage');
const ContactUsPage = lazyNamed(() => import('../features/static/pages/contact-us-page'), 'ContactUsPage');
const PrivacyPolicyPage = lazyNamed(() => import('../features/static/pages/legal-pages'), 'PrivacyPolicyPage');
const TermsPage = lazyNamed(() => import('../features/static/pages/legal-pages'), 'TermsPage');
const PublisherPage = lazyNamed(() => import('../features/books/pages/publisher-page'), 'PublisherPage');
const PublishersPage = lazyNamed(() => import('../features/directory/pages/publishers-page'), 'PublishersPage');
const LibrariesPage = lazyNamed(() => import('../features/directory/pages/libraries-page'), 'LibrariesPage');
const LibraryHoldingsPage = lazyNamed(() => import('../features/directory/pages/library-holdings-page'), 'LibraryHoldingsPage');
const EditProfilePage = lazyNamed(() => import('../features/accounts/pages/edit-profile-page'), 'EditProfilePage');
const ConfirmMobilePage = lazyNamed(() => import('../features/accounts/pages/confirm-mobile-page'), 'ConfirmMobilePage');
const ChangePasswordPage = lazyNamed(() => import('../features/accounts/pages/change-password-page'), 'ChangePasswordPage');
const NewPasswordPage = lazyNamed(() => import('../features/accounts/pages/new-password-page'), 'NewPasswordPage');
const GeneratedLettersPage = lazyNamed(() => import('../features/orders/pages/generated-letters-page'), 'GeneratedLettersPage');
const ShelvesPage = lazyNamed(() => import('../features/shelves/pages/shelves-page'), 'ShelvesPage');
const ScanPage = lazyNamed(() => import('../features/shelves/pages/scan-page'), 'ScanPage');
const LendingPage = lazyNamed(() => import('../features/lending/pages/lending-page'), 'LendingPage');
const InterestsPage = lazyNamed(() => import('../features/interests/pages/interests-page'), 'InterestsPage');
const InterestReachPage = lazyNamed(() => import('../features/interests/pages/interest-reach-page'), 'InterestReachPage');
const EditBookPage = lazyNamed(() => import('../features/books/pages/edit-book-page'), 'EditBookPage');
const ServiceUnavailablePage = lazyNamed(placeholders, 'ServiceUnavailablePage');
const NotFoundPage = lazyNamed(placeholders, 'NotFoundPage');

/** The libraries list as a publisher's page ('List of Libraries'). */
function PublisherLibrariesPage() {
  const { t } = useTranslation();
  return <LibrariesPage title={t('menu.listOfLibraries')} />;
}

/** Every page of the app, for the browser's router (`router.tsx`) and the server's render (`entry-server.tsx`). */
export const routes: RouteObject[] = [
  // the back office has its own shell (decision 041)
  ...operatorRoutes,
  {
    element: <AppLayout />,
    // A page that fails shows 'Something went wrong!!!' inside the layout (the pathless route
    // below); the layout failing shows it alone.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.gallery, element: <GalleryPage /> },
          { path: paths.faq, element: <FaqPage /> },
          { path: paths.contactUs, element: <ContactUsPage /> },
          { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
          { path: paths.terms, element: <TermsPage /> },
          { path: paths.publishers, element: <PublishersPage /> },
          { path: paths.publisherPage, element: <PublisherPage /> },
          { path: paths.libraries, element: <LibrariesPage /> },
          { path: paths.libraryHoldings, element: <LibraryHoldingsPage /> },
          { path: paths.searchBook, element: <SearchBookPage /> },
          { path: paths.bookDetail, element: <BookDetailPage /> },
          { path: paths.readerOrder, element: <ReaderOrderPage /> },
          { path: paths.claimPublisher, element: <ClaimPublisherPage /> },
          {
            path: paths.login,
            element: (
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            ),
          },
          {
            path: paths.publisherRegister,
            element: (
              <GuestOnly>
                <PublisherRegisterPage />
              </GuestOnly>
            ),
          },
          {
            path: paths.libraryRegister,
            element: (
              <GuestOnly>
                <LibraryRegisterPage />
              </GuestOnly>
            ),
          },
          { path: paths.newPassword, element: <NewPasswordPage /> },
          { path: paths.logout, element: <LogoutPage /> },
          {
            path: paths.editProfile,
            element: (
              <RequireRole>
                <EditProfilePage />
              </RequireRole>
            ),
          },
          {
            path: paths.confirmMobile,
            element: (
              <RequireRole>
                <ConfirmMobilePage />
              </RequireRole>
            ),
          },
          {
            path: paths.changePassword,
            element: (
              <RequireRole>
                <ChangePasswordPage />
              </RequireRole>
            ),
          },
          // library
          {
            path: paths.customizeLetterFormat,
            element: (
              <RequireRole role="LIBRARY">
                <CustomizeLetterPage />
              </RequireRole>
            ),
          },
          {
            element: (
              <RequireRole role="LIBRARY">
                <CartLayout />
              </RequireRole>
            ),
            children: [
              { path: paths.publisherWiseBooks, element: <PublisherWiseBooksPage /> },
              { path: paths.publisherBooks, element: <PublisherBooksPage /> },
              { path: paths.newPublishedBooks, element: <NewPublishedBooksPage /> },
            ],
          },
          {
            path: paths.orders,
            element: (
              <RequireRole role="LIBRARY">
                <TrackOrdersPage />
              </RequireRole>
            ),
          },
          {
            path: paths.generatedLetters,
            element: (
              <RequireRole role="LIBRARY">
                <GeneratedLettersPage />
              </RequireRole>
            ),
          },
          {
            path: paths.shelves,
            element: (
              <RequireRole role="LIBRARY">
                <ShelvesPage />
              </RequireRole>
            ),
          },
          {
            path: paths.shelvesScan,
            element: (
              <RequireRole role="LIBRARY">
                <ScanPage />
              </RequireRole>
            ),
          },
          {
            path: paths.lending,
            element: (
              <RequireRole role="LIBRARY">
                <LendingPage />
              </RequireRole>
            ),
          },
          {
            path: paths.interests,
            element: (
              <RequireRole role="LIBRARY">
                <InterestsPage />
              </RequireRole>
            ),
          },
          // publisher
          {
            path: paths.interestReach,
            element: (
              <RequireRole role="PUBLISHER">
                <InterestReachPage />
              </RequireRole>
            ),
          },
          {
            path: paths.newBookReg,
            element: (
              <RequireRole role="PUBLISHER">
                <NewBookPage />
              </RequireRole>
            ),
          },
          {
            path: paths.myBooks,
            element: (
              <RequireRole role="PUBLISHER">
                <MyBooksPage />
              </RequireRole>
            ),
          },
          {
            path: paths.bulkRegister,
            element: (
              <RequireRole role="PUBLISHER">
                <BulkRegisterPage />
              </RequireRole>
            ),
          },
          {
            path: paths.editBook,
            element: (
              <RequireRole role="PUBLISHER">
                <EditBookPage />
              </RequireRole>
            ),
          },
          {
            path: paths.editBookNoId,
            element: (
              <RequireRole role="PUBLISHER">
                <EditBookPage />
              </RequireRole>
            ),
          },
          {
            path: paths.bookedOrders,
            element: (
              <RequireRole role="PUBLISHER">
                <BookedOrdersPage />
              </RequireRole>
            ),
          },
          {
            path: paths.listOfLibraries,
            element: (
              <RequireRole role="PUBLISHER">
                <PublisherLibrariesPage />
              </RequireRole>
            ),
          },
          { path: paths.serviceUnavailable, element: <ServiceUnavailablePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the modules of the pages `pathname` shows (the lazily loaded element of each matching
 * route), so they render at once: the server's render and the browser's hydration of a
 * server-made page cannot wait for a module halfway (decision 011).
 */
export async function preloadRoute(pathname: string, matches?: RouteMatches): Promise<void> {
  await Promise.all(routePages(pathname, matches).map((page) => page.preload()));
}

/** The routes matching a path, outermost first: `matchRoutes(routes, pathname)`, or a static handler's `context.matches` (the server's render has them already). */
export type RouteMatches = readonly { route: { element?: ReactNode } }[];

/**
 * The lazily loaded components of `element`: itself, or what a guard around it holds (a
 * signed-in page is `<RequireRole><Page /></RequireRole>`, rendered on the server too — decision 047).
 */
function lazyIn(element: ReactElement | undefined): LazyComponent<ComponentType>[] {
  if (!element) return [];
  const type = element.type as Partial<LazyComponent<ComponentType>> | undefined;
  if (typeof type?.preload === 'function') return [type as LazyComponent<ComponentType>];
  const children = (element.props as { children?: unknown } | null)?.children;
  return isValidElement(children) ? lazyIn(children) : [];
}

/** The lazily loaded elements of the routes matching `pathname` (`matches`, when known), outermost first. */
function routePages(pathname: string, matches: RouteMatches = matchRoutes(routes, pathname) ?? []): LazyComponent<ComponentType>[] {
  return matches.flatMap((match) => lazyIn(match.route.element as ReactElement | undefined));
}

/**
 * The names of the pages `pathname` shows (`lazyNamed`'s export names, as the build's
 * `app-modules.json` lists their chunks): what a page rendered on the server fetches in the
 * background for the app to hydrate it at once (decision 031).
 */
export const routePageNames = (pathname: string, matches?: RouteMatches): string[] =>
  routePages(pathname, matches).map((page) => page.exportName);
