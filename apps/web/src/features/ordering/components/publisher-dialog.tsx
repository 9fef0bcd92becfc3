import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { formatDate, formatPhone, orNA } from '../../../components/format';
import { LoadingState } from '../../../components/page';
import { SafeImage } from '../../../components/safe-image';
import { usePublisherDetails } from '../api/ordering-api';

/** Publisher details (GET /api/publisher/:id). */
export function PublisherDialog({ publisherId, onClose }: { publisherId: number | null; onClose: () => void }) {
  const details = usePublisherDetails(publisherId);
  const publisher = details.data;
  return (
    <Dialog open={Boolean(publisherId)} onClose={onClose} aria-labelledby="publisher-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="publisher-dialog-title">Publisher details</DialogTitle>
      <DialogContent>
        {!publisher ? (
          <LoadingState />
        ) : (
          <Stack spacing={1}>
            {publisher.logoUrl ? <SafeImage src={publisher.logoUrl} alt="" width={64} height={64} style={{ objectFit: 'contain' }} /> : null}
            <Typography variant="h6">{publisher.publisher_name}</Typography>
            <Typography>Publisher unique id: {publisher.publisher_no}</Typography>
            <Typography>Type: {orNA(publisher.publisher_type)}</Typography>
            <Typography>Address: {orNA([publisher.address, publisher.city_name, publisher.state_name, publisher.pincode].filter(Boolean).join(', '))}</Typography>
            <Typography>Mobile: {formatPhone(publisher.mobile_no)}</Typography>
            <Typography>WhatsApp: {formatPhone(publisher.whatsapp_no)}</Typography>
            <Typography>Email: {orNA(publisher.email)}</Typography>
            <Typography>Total books: {publisher.total_books ?? publisher.total_books_count}</Typography>
            <Typography>Last book published: {formatDate(publisher.last_book_published)}</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
