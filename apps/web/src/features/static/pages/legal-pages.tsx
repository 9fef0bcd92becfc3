import { Link } from '@mui/material';
import { mailtoLink, useSiteInfo } from '../../../api/site';
import { Article, H2, P } from '../components/article';

function SupportEmail() {
  const site = useSiteInfo();
  const email = site.data?.supportEmail;
  return email ? <Link href={mailtoLink(email)}>{email}</Link> : <>our support address</>;
}

/** /privacy-policy — spec accounts §1. */
export function PrivacyPolicyPage() {
  return (
    <Article title="Privacy Policy">
      <H2>What JSBN offers</H2>
      <P>JSBN offers JSBN and QR registration for Jain books, and book ordering and management between publishers and libraries.</P>
      <H2>What we collect</H2>
      <P>
        For an account we keep the details you give when you register or edit your profile: names, addresses, e-mail, phone and
        WhatsApp numbers, logos, and optional GST and Aadhar numbers. For books we keep the details you register. For orders we
        keep the books, quantities, status changes and dispatch details.
      </P>
      <H2>How we use it</H2>
      <P>
        Publisher and library details are listed so that publishers and libraries can find each other. Contact details are used to
        send one-time codes, password reset links and order notices by e-mail and WhatsApp. We do not sell your data.
      </P>
      <H2>Browser storage</H2>
      <P>
        When you log in, your authentication token and your user details are kept in your browser's storage so that you stay logged
        in. Logging out removes them. A password change or reset ends every session of the account.
      </P>
      <H2>Security</H2>
      <P>Passwords are stored only as strong one-way hashes. One-time codes and reset links expire and can be used once.</P>
      <H2>Contact</H2>
      <P>
        Questions about your data, or a request to remove it: write to <SupportEmail />.
      </P>
    </Article>
  );
}

/** /terms-of-services — spec accounts §1: Gujarat law, Ahmedabad jurisdiction. */
export function TermsPage() {
  return (
    <Article title="Terms of Services">
      <H2>The service</H2>
      <P>JSBN offers JSBN and QR registration for Jain books, and book ordering and management between publishers and libraries.</P>
      <H2>Accounts</H2>
      <P>
        You are responsible for the details you register and for keeping your password secret. Authentication tokens are kept in
        your browser's storage; log out on shared computers.
      </P>
      <H2>Books and JSBN</H2>
      <P>
        A JSBN, once issued, belongs to one book and is never reused. Publishers are responsible for the accuracy of their book
        details and for the rights to the covers and files they upload. Books are removed on request through support.
      </P>
      <H2>Orders</H2>
      <P>
        Orders are made between a library and a publisher. JSBN carries the order and its status; supply, dispatch and any payment
        are between the library and the publisher.
      </P>
      <H2>Governing law</H2>
      <P>These terms are governed by the laws of Gujarat, India. The courts at Ahmedabad have exclusive jurisdiction.</P>
      <H2>Contact</H2>
      <P>
        Write to <SupportEmail /> with any question about these terms.
      </P>
    </Article>
  );
}
