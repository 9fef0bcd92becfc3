import { Accordion, AccordionDetails, AccordionSummary, Box, Link, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { COUNTRY_CODE } from '@jsbn/shared/core';
import { mailtoLink, useSiteInfo, whatsappLink } from '../../../api/site';
import { PageHeader } from '../../../components/page';

/** /faq — spec accounts §1: removal through support, the order status section, support contacts. */
export function FaqPage() {
  const site = useSiteInfo();
  const email = site.data?.supportEmail;
  const phone = site.data?.supportWhatsapp;
  const support: ReactNode = (
    <>
      by e-mail at {email ? <Link href={mailtoLink(email)}>{email}</Link> : 'our support address'} and on WhatsApp at{' '}
      {phone ? (
        <Link href={whatsappLink(phone)} target="_blank" rel="noopener">
          {COUNTRY_CODE} {phone}
        </Link>
      ) : (
        'our support number'
      )}
    </>
  );
  const faqs: { q: string; a: ReactNode }[] = [
    { q: 'What is a JSBN?', a: 'A Jain Standard Book Number: a unique number given to a Jain book, with a QR code to print on its back cover.' },
    { q: 'Does registration cost anything?', a: 'No. Registering as a publisher or a library and getting a JSBN for a book are free.' },
    { q: 'How do I get a JSBN for my book?', a: 'Register and log in as a publisher, fill in the book details and submit. The JSBN and QR code are shown at once; download the QR code and print it.' },
    { q: 'How does a library order books?', a: 'Register and log in as a library, select books and order them. The publisher is notified at once, sends the books, and you confirm receipt.' },
    { q: 'How can I track my orders?', a: 'Orders are tracked in the order status section: Track orders for a library, Received Orders for a publisher. Each order shows whether it is requested, preparing, dispatched, completed or cancelled.' },
    { q: 'Can a book be removed from JSBN?', a: <>Yes. Books are removed on request through support. Contact us {support}.</> },
    { q: 'How do I reach support?', a: <>Support is reachable {support}.</> },
  ];
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Frequently Asked Questions" />
      {faqs.map((faq, index) => (
        <Accordion key={faq.q} defaultExpanded={index < 2} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-${index}-content`} id={`faq-${index}-header`}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {faq.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{faq.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
