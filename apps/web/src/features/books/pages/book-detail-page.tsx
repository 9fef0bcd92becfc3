import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { COUNTRY_CODE, QR_SIZE_PX, formatJsbn, type BookDto, type SwaroopOption } from '@jsbn/shared';
import { useSession } from '../../../api/session';
import { formatDate, formatPhone, formatPrice, orNA } from '../../../components/format';
import { LoadingState } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import { bookDetailPath, paths, publisherBooksPath } from '../../../app/paths';
import { qrDownloadUrl, useBookByJsbn, useSwaroops } from '../api/books-api';

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '130px 1fr', sm: '180px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {orNA(value)}
      </Typography>
    </Box>
  );
}

function swaroopOf(book: BookDto, swaroops: SwaroopOption[] | undefined) {
  const known = swaroops?.find((swaroop) => swaroop.code === book.type);
  const type = known ? `${known.code} – ${known.label} (${known.gloss})` : book.type;
  return [type, book.other_type].filter(Boolean).join(', ');
}

/** /jsbn/:jsbn — public book detail (spec books §2). */
export function BookDetailPage() {
  const { jsbn = '' } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn, isLibrary } = useSession();
  const query = useBookByJsbn(jsbn);
  const queryClient = useQueryClient();
  const swaroops = useSwaroops();

  useEffect(() => {
    // The error is toasted by the client; the user goes home (spec books §2).
    if (query.isError) void navigate(paths.home, { replace: true });
  }, [query.isError, navigate]);

  const canonical = query.data ? formatJsbn(query.data.book.jsbn_number) : null;
  useEffect(() => {
    if (canonical && canonical !== jsbn) {
      queryClient.setQueryData(['books', 'jsbn', canonical], query.data);
      void navigate(bookDetailPath(canonical), { replace: true });
    }
  }, [canonical, jsbn, navigate, queryClient, query.data]);

  if (query.isLoading || !query.data) return <LoadingState />;
  const { book, publisher_info: publisher } = query.data;
  const title = canonical ?? jsbn;
  const years = [
    book.publication_year,
    book.vikram_samvat ? `Vikram Samvat ${book.vikram_samvat}` : null,
    book.veer_samvat ? `Veer Samvat ${book.veer_samvat}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title} Details
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr 300px' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
          <SafeImage src={book.book_cover} alt={`Cover of ${book.book_title}`} style={{ width: '100%', maxWidth: 260, borderRadius: 4 }} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {book.book_title}
          </Typography>
          {book.book_e_title ? (
            <Typography variant="subtitle1" color="text.secondary">
              {book.book_e_title}
            </Typography>
          ) : null}
          {book.alternate_title ? <Typography variant="body2">Original: {book.alternate_title}</Typography> : null}
          <Stack direction="row" spacing={1} sx={{ my: 1.5, flexWrap: 'wrap', gap: 1 }}>
            <Chip label={`JSBN ${title}`} color="primary" variant="outlined" />
            {book.isAvailable ? <Chip label="Available for printing" color="success" variant="outlined" /> : null}
          </Stack>
          <Divider sx={{ my: 1 }} />
          <Box component="dl" sx={{ m: 0 }}>
            <Fact label="Language" value={book.language} />
            <Fact label="Pages" value={book.pages} />
            <Fact label="Publication year" value={years} />
            <Fact label="Swaroop" value={swaroopOf(book, swaroops.data)} />
            <Fact label="Subjects" value={[...book.subjects.map((subject) => subject.subject_name), book.other_subject].filter(Boolean).join(', ')} />
            <Fact label="Authors" value={book.authors.map((author) => `${author.author_name} (${author.author_type})`).join(', ')} />
            {book.part ? <Fact label="Part" value={book.part} /> : null}
            {book.size ? <Fact label="Size (inches)" value={book.size} /> : null}
            <Fact label="Price" value={book.price === null ? null : formatPrice(book.price, book.currency)} />
            {book.no_of_copy ? <Fact label="Copies" value={book.no_of_copy} /> : null}
            {book.tags ? <Fact label="Tags" value={book.tags} /> : null}
            {book.published_date ? <Fact label="Published date" value={formatDate(book.published_date)} /> : null}
          </Box>
          {book.contents ? (
            <Box sx={{ mt: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>Contents</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{book.contents}</Typography>
            </Box>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
            {!isLoggedIn ? (
              <Button variant="contained" component={RouterLink} to={paths.login}>
                Order Book as Library
              </Button>
            ) : null}
            {isLibrary ? (
              <Button variant="contained" component={RouterLink} to={publisherBooksPath(publisher.publisherId)}>
                Order This Book
              </Button>
            ) : null}
          </Stack>
        </Paper>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>QR code</Typography>
            <SafeImage src={book.qrcode_image} alt={`QR code of JSBN ${title}`} width={QR_SIZE_PX} height={QR_SIZE_PX} />
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={qrDownloadUrl(title)} download={`${title}.jpg`}>
                Download QR
              </Button>
            </Box>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Publisher">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
              {publisher.logoUrl ? <SafeImage src={publisher.logoUrl} alt="" width={48} height={48} style={{ objectFit: 'contain' }} /> : null}
              <Box>
                <Typography variant="overline" color="text.secondary">
                  Publisher
                </Typography>
                <Typography sx={{ fontWeight: 700 }}>{publisher.publisher_name}</Typography>
              </Box>
            </Stack>
            <Typography variant="body2">{orNA([publisher.address, publisher.city_name, publisher.state_name, publisher.pincode].filter(Boolean).join(', '))}</Typography>
            <Stack spacing={0.5} sx={{ mt: 1 }}>
              {publisher.mobile_no ? (
                <Link href={`tel:${COUNTRY_CODE}${publisher.mobile_no}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <PhoneIcon fontSize="small" /> {formatPhone(publisher.mobile_no)}
                </Link>
              ) : null}
              {publisher.whatsapp_no ? (
                <Link href={`https://wa.me/${COUNTRY_CODE.replace('+', '')}${publisher.whatsapp_no}`} target="_blank" rel="noopener" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <WhatsAppIcon fontSize="small" /> {formatPhone(publisher.whatsapp_no)}
                </Link>
              ) : null}
              {publisher.email ? (
                <Link href={`mailto:${publisher.email}`} sx={{ display: 'flex', gap: 1, alignItems: 'center', wordBreak: 'break-all' }}>
                  <MailOutlineIcon fontSize="small" /> {publisher.email}
                </Link>
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Box>
  );
}
