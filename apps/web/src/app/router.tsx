import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, RequireRole } from './guards';
import { paths } from './paths';

// Every page is its own chunk; the book form and the order screens are the heavy ones.
const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../features/accounts/pages/login-page').then((m) => ({ default: m.LoginPage })));
const PublisherRegisterPage = lazy(() =>
  import('../features/accounts/pages/publisher-register-page').then((m) => ({ default: m.PublisherRegisterPage })),
);
const LibraryRegisterPage = lazy(() =>
  import('../features/accounts/pages/library-register-page').then((m) => ({ default: m.LibraryRegisterPage })),
);
const LogoutPage = lazy(() => import('../features/accounts/pages/logout-page').then((m) => ({ default: m.LogoutPage })));
const CustomizeLetterPage = lazy(() =>
  import('../features/accounts/pages/customize-letter-page').then((m) => ({ default: m.CustomizeLetterPage })),
);
const NewBookPage = lazy(() => import('../features/books/pages/new-book-page').then((m) => ({ default: m.NewBookPage })));
const MyBooksPage = lazy(() => import('../features/books/pages/my-books-page').then((m) => ({ default: m.MyBooksPage })));
const SearchBookPage = lazy(() => import('../features/books/pages/search-book-page').then((m) => ({ default: m.SearchBookPage })));
const BookDetailPage = lazy(() => import('../features/books/pages/book-detail-page').then((m) => ({ default: m.BookDetailPage })));
const CartLayout = lazy(() => import('../features/ordering/components/cart').then((m) => ({ default: m.CartLayout })));
const PublisherWiseBooksPage = lazy(() =>
  import('../features/ordering/pages/publisher-wise-books-page').then((m) => ({ default: m.PublisherWiseBooksPage })),
);
const PublisherBooksPage = lazy(() => import('../features/ordering/pages/publisher-books-page').then((m) => ({ default: m.PublisherBooksPage })));
const NewPublishedBooksPage = lazy(() =>
  import('../features/ordering/pages/new-published-books-page').then((m) => ({ default: m.NewPublishedBooksPage })),
);
const TrackOrdersPage = lazy(() => import('../features/orders/pages/track-orders-page').then((m) => ({ default: m.TrackOrdersPage })));
const BookedOrdersPage = lazy(() => import('../features/orders/pages/booked-orders-page').then((m) => ({ default: m.BookedOrdersPage })));
const Placeholders = import('../features/static/pages/placeholders');
const placeholder = (name: keyof Awaited<typeof Placeholders>) => lazy(() => Placeholders.then((m) => ({ default: m[name] })));
const AboutPage = lazy(() => import('../features/static/pages/about-page').then((m) => ({ default: m.AboutPage })));
const GalleryPage = lazy(() => import('../features/static/pages/gallery-page').then((m) => ({ default: m.GalleryPage })));
const FaqPage = lazy(() => import('../features/static/pages/faq-page').then((m) => ({ default: m.FaqPage })));
const ContactUsPage = lazy(() => import('../features/static/pages/contact-us-page').then((m) => ({ default: m.ContactUsPage })));
const PrivacyPolicyPage = lazy(() => import('../features/static/pages/legal-pages').then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsPage = lazy(() => import('../features/static/pages/legal-pages').then((m) => ({ default: m.TermsPage })));
const PublishersPage = lazy(() => import('../features/directory/pages/publishers-page').then((m) => ({ default: m.PublishersPage })));
const LibrariesPage = lazy(() => import('../features/directory/pages/libraries-page').then((m) => ({ default: m.LibrariesPage })));
const EditProfilePage = lazy(() => import('../features/accounts/pages/edit-profile-page').then((m) => ({ default: m.EditProfilePage })));
const ChangePasswordPage = lazy(() =>
  import('../features/accounts/pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
const NewPasswordPage = lazy(() => import('../features/accounts/pages/new-password-page').then((m) => ({ default: m.NewPasswordPage })));
const GeneratedLettersPage = lazy(() =>
  import('../features/orders/pages/generated-letters-page').then((m) => ({ default: m.GeneratedLettersPage })),
);
const EditBookPage = lazy(() => import('../features/books/pages/edit-book-page').then((m) => ({ default: m.EditBookPage })));
const ServiceUnavailablePage = placeholder('ServiceUnavailablePage');
const NotFoundPage = placeholder('NotFoundPage');

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.gallery, element: <GalleryPage /> },
      { path: paths.faq, element: <FaqPage /> },
      { path: paths.contactUs, element: <ContactUsPage /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.publishers, element: <PublishersPage /> },
      { path: paths.libraries, element: <LibrariesPage /> },
      { path: paths.searchBook, element: <SearchBookPage /> },
      { path: paths.bookDetail, element: <BookDetailPage /> },
      { path: paths.login, element: <GuestOnly><LoginPage /></GuestOnly> },
      { path: paths.publisherRegister, element: <GuestOnly><PublisherRegisterPage /></GuestOnly> },
      { path: paths.libraryRegister, element: <GuestOnly><LibraryRegisterPage /></GuestOnly> },
      { path: paths.newPassword, element: <NewPasswordPage /> },
      { path: paths.logout, element: <LogoutPage /> },
      { path: paths.editProfile, element: <RequireRole><EditProfilePage /></RequireRole> },
      { path: paths.changePassword, element: <RequireRole><ChangePasswordPage /></RequireRole> },
      // library
      { path: paths.customizeLetterFormat, element: <RequireRole role="LIBRARY"><CustomizeLetterPage /></RequireRole> },
      {
        element: <RequireRole role="LIBRARY"><CartLayout /></RequireRole>,
        children: [
          { path: paths.publisherWiseBooks, element: <PublisherWiseBooksPage /> },
          { path: paths.publisherBooks, element: <PublisherBooksPage /> },
          { path: paths.newPublishedBooks, element: <NewPublishedBooksPage /> },
        ],
      },
      { path: paths.orders, element: <RequireRole role="LIBRARY"><TrackOrdersPage /></RequireRole> },
      { path: paths.generatedLetters, element: <RequireRole role="LIBRARY"><GeneratedLettersPage /></RequireRole> },
      // publisher
      { path: paths.newBookReg, element: <RequireRole role="PUBLISHER"><NewBookPage /></RequireRole> },
      { path: paths.myBooks, element: <RequireRole role="PUBLISHER"><MyBooksPage /></RequireRole> },
      { path: paths.editBook, element: <RequireRole role="PUBLISHER"><EditBookPage /></RequireRole> },
      { path: paths.editBookNoId, element: <RequireRole role="PUBLISHER"><EditBookPage /></RequireRole> },
      { path: paths.bookedOrders, element: <RequireRole role="PUBLISHER"><BookedOrdersPage /></RequireRole> },
      { path: paths.listOfLibraries, element: <RequireRole role="PUBLISHER"><LibrariesPage title="List of Libraries" /></RequireRole> },
      { path: paths.serviceUnavailable, element: <ServiceUnavailablePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
