/**
 * The shared details dialogs of apps/web/src/lib/paths.ts (publisher details, library details), used by the
 * directory lists, the ordering pages and the order screens. Each loads its record when opened.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { libraryEndpoints, lookupText, publisherEndpoints } from '@jsbn/shared/core';
import { call } from '../api/client';
import { useCityText, useLookups } from '../i18n';
import { formatDate, formatPhone, orNA } from './format';
import { LoadingState } from './page';
import { useFullScreenDialog } from './responsive-dialog';
import { queryKeys } from '../api/query-keys';
import { VerifiedBadge } from './verified-badge';

export function usePublisher(id: number | null) {
  return useQuery({
    queryKey: queryKeys.publishers.one(id),
    queryFn: async ({ signal, client }) => (await call(publisherEndpoints.one, { params: { id: id! }, signal, client })).data.publisher,
    enabled: Boolean(id),
  });
}

export function useLibrary(id: number | null) {
  return useQuery({
    queryKey: queryKeys.libraries.one(id),
    queryFn: async ({ signal, client }) => (await call(libraryEndpoints.one, { params: { id: id! }, signal, client })).data.library,
    enabled: Boolean(id),
  });
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Heading({ logoUrl, name }: { logoUrl: string | null | undefined; name: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Avatar src={logoUrl ?? undefined} alt={name} variant="rounded" sx={{ width: 64, height: 64, bgcolor: 'primary.main' }}>
        {name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
    </Stack>
  );
}

/** The frame the details dialogs share: the title, the logo and name over the rows once loaded, `actions`, Close. */
export function DetailsDialog({
  kind,
  open,
  onClose,
  details,
  actions,
}: {
  kind: 'Publisher' | 'Library' | 'Book';
  open: boolean;
  onClose: () => void;
  details: { logoUrl: string | null | undefined; name: string; rows: ReactNode } | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenDialog();
  const titleId = `${kind.toLowerCase()}-details-title`;
  const title = { Publisher: t('details.publisherTitle'), Library: t('details.libraryTitle'), Book: t('details.bookTitle') }[kind];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {!details ? (
          <LoadingState />
        ) : (
          <>
            <Heading logoUrl={details.logoUrl} name={details.name} />
            <Stack component="dl" spacing={1} sx={{ m: 0 }}>
              {details.rows}
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{t('details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Publisher details (GET /api/publisher/:id → data.publisher). */
export function PublisherDetailsDialog({ publisherId, onClose }: { publisherId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const publisher = usePublisher(publisherId).data;
  const lookups = useLookups();
  const city = useCityText();
  return (
    <DetailsDialog
      kind="Publisher"
      open={Boolean(publisherId)}
      onClose={onClose}
      details={
        publisher && {
          logoUrl: publisher.logoUrl,
          name: publisher.publisher_name,
          rows: (
            <>
              {publisher.verified ? (
                <Box>
                  <VerifiedBadge verified />
                </Box>
              ) : null}
              <Row label={t('details.publisherNo')}>{publisher.publisher_no}</Row>
              <Row label={t('details.publisherType')}>
                {orNA(publisher.publisher_type && lookupText(lookups, 'publisherTypes', publisher.publisher_type))}
              </Row>
              <Row label={t('details.address')}>
                {orNA(
                  [
                    publisher.address,
                    publisher.town,
                    city(publisher),
                    lookupText(lookups, 'states', publisher.state_name),
                    publisher.pincode,
                  ]
                    .filter(Boolean)
                    .join(', '),
                )}
              </Row>
              <Row label={t('details.mobile')}>{formatPhone(publisher.mobile_no)}</Row>
              <Row label={t('details.whatsapp')}>{formatPhone(publisher.whatsapp_no)}</Row>
              <Row label={t('details.landline')}>{orNA(publisher.landline_no)}</Row>
              <Row label={t('details.email')}>{orNA(publisher.email)}</Row>
              <Row label={t('details.totalBooks')}>{publisher.total_books ?? publisher.total_books_count}</Row>
              <Row label={t('details.lastBookPublished')}>{formatDate(publisher.last_book_published)}</Row>
            </>
          ),
        }
      }
    />
  );
}

/** Library details (GET /api/library/:id → data.library). */
export function LibraryDetailsDialog({ libraryId, onClose }: { libraryId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const library = useLibrary(libraryId).data;
  const lookups = useLookups();
  return (
    <DetailsDialog
      kind="Library"
      open={Boolean(libraryId)}
      onClose={onClose}
      details={
        library && {
          logoUrl: library.librarianLogoText?.logoUrl,
          name: library.name,
          rows: (
            <>
              <Row label={t('details.sanchalakType')}>
                {orNA(library.sangh_trust && lookupText(lookups, 'sanchalakTypes', library.sangh_trust))}
              </Row>
              <Row label={t('details.sanchalakName')}>{orNA(library.sanchalak_name)}</Row>
              <Row label={t('details.sanchalakAddress')}>{orNA(library.sanchalak_address)}</Row>
              <Row label={t('details.address')}>{orNA(library.address)}</Row>
              <Row label={t('details.mobile')}>{formatPhone(library.mobile_no)}</Row>
              {library.whatsapp_no !== undefined ? <Row label={t('details.whatsapp')}>{formatPhone(library.whatsapp_no)}</Row> : null}
              <Row label={t('details.email')}>{orNA(library.email)}</Row>
              <Row label={t('details.numberOfBooks')}>{orNA(library.number_of_books)}</Row>
            </>
          ),
        }
      }
    />
  );
}
