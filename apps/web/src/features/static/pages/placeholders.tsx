/** Pages that belong to later issues: each says it is coming, none is broken. */
import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Typography } from '@mui/material';
import { MSG } from '@jsbn/shared/core';
import { ComingSoon } from '../../../components/page';
import { paths } from '../../../app/paths';

export const GeneratedLettersPage = () => <ComingSoon title="Completed Orders" />;
export const EditBookPage = () => <ComingSoon title="Edit Book" />;

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', maxWidth: 520 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 3 }}>{text}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          Go to Home
        </Button>
      </Paper>
    </Box>
  );
}

/** /404 — the destination of a 503 reply (spec §8). */
export const ServiceUnavailablePage = () => <Message title={MSG.serviceUnavailable} text="The service is unavailable at the moment. Please try again later." />;

export const NotFoundPage = () => <Message title="Page not found" text="The page you are looking for does not exist." />;
