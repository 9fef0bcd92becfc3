import { Link as RouterLink } from 'react-router';
import { Box, Link } from '@mui/material';
import { OfflineForms } from '../../../components/offline-forms';
import { paths } from '../../../app/paths';
import { Article, H2, P } from '../components/article';

/** /about — what the product does and for whom (spec accounts §1). */
export function AboutPage() {
  return (
    <Box>
      <Article title="About JSBN" subtitle="Jain Standard Book Number">
        <H2>What JSBN is</H2>
        <P>
          JSBN is a web platform for Jain books. Publishers register the details of each book and receive a unique JSBN (Jain
          Standard Book Number) with a QR code to print on the back cover. Registration is free.
        </P>
        <P>
          Libraries (Gyan Bhandars) browse the books of every registered publisher, order them, receive them and confirm
          delivery. Publishers accept, partly accept, reject and dispatch the orders they receive. JSBN gives publishers and
          libraries a listing of each other and digital communication from order to delivery.
        </P>
        <H2>For visitors</H2>
        <P>
          Without an account you can search the{' '}
          <Link component={RouterLink} to={paths.searchBook}>
            Global Books Store
          </Link>
          , see the{' '}
          <Link component={RouterLink} to={paths.publishers}>
            publishers
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to={paths.libraries}>
            libraries
          </Link>{' '}
          and ask for a book or for access to a private PDF.
        </P>
        <H2>For publishers</H2>
        <P>
          Register and log in, fill in the book details, submit and get the QR code at once, then download the QR code and print
          it. <Link component={RouterLink} to={paths.publisherRegister}>Register as a publisher</Link>.
        </P>
        <H2>For libraries</H2>
        <P>
          Register and log in, select and order books; the publisher is notified at once, sends the books, and you confirm
          receipt. <Link component={RouterLink} to={paths.libraryRegister}>Register as a library</Link>.
        </P>
      </Article>
      <Box sx={{ mt: 3, maxWidth: 960 }}>
        <OfflineForms />
      </Box>
    </Box>
  );
}
