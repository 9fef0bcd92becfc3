/**
 * /operator/claims — the claims of imported publishers' accounts (decisions 014 and 043),
 * pending first, each with the evidence the claimant sent: approve (as support's signed link
 * does: the account takes the claimant's e-mail, who gets a link to set a password) or refuse
 * with a reason (the claimant is told by e-mail).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ClaimItem } from '@jsbn/shared';
import { toastError, toastSuccess } from '../../../../api/client';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { formatDate, formatPhone } from '../../../../components/format';
import { LoadingState, PageHeader } from '../../../../components/page';
import { moderation, useClaimQueue, useModerationAction } from '../api/moderation-api';
import { ReasonDialog } from '../components/reason-dialog';

const STATUS_COLOR = { PENDING: 'warning', APPROVED: 'success', REFUSED: 'default' } as const;

function ClaimCard({ claim }: { claim: ClaimItem }) {
  const { t } = useTranslation('operatorModeration');
  const [confirming, setConfirming] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const approve = useModerationAction(() => moderation.approveClaim(claim.id));
  const refuse = useModerationAction((reason: string) => moderation.refuseClaim(claim.id, reason));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={`claim-${claim.id}`} data-testid="claim-item">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Typography id={`claim-${claim.id}`} component="h2" variant="h6" sx={{ fontWeight: 700, wordBreak: 'break-word', mr: 1 }}>
          {claim.publisher_name} ({claim.publisher_no})
        </Typography>
        <Chip size="small" color={STATUS_COLOR[claim.status]} label={t(`claims.status.${claim.status}`)} />
      </Stack>
      <Typography sx={{ mt: 1, wordBreak: 'break-word' }}>
        {t('claims.by', { name: claim.full_name, date: formatDate(claim.created_at) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {claim.email} · {formatPhone(claim.contact)}
      </Typography>
      <Box component="blockquote" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
        <Typography variant="caption" color="text.secondary">
          {t('claims.evidence')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{claim.message}</Typography>
      </Box>
      {claim.refused_reason ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('claims.refusedBecause', { date: formatDate(claim.refused_at), reason: claim.refused_reason })}
        </Alert>
      ) : null}
      {claim.status === 'PENDING' ? (
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            color="success"
            sx={{ minHeight: 44 }}
            onClick={() => setConfirming(true)}
            disabled={approve.isPending}
          >
            {t('claims.approve')}
          </Button>
          <Button variant="outlined" color="error" sx={{ minHeight: 44 }} onClick={() => setRefusing(true)}>
            {t('claims.refuse')}
          </Button>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('claims.approveTitle', { name: claim.publisher_name })}
        message={t('claims.approveExplain', { email: claim.email })}
        confirmText={t('claims.approve')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          approve.mutate(undefined, { onSuccess: (reply) => toastSuccess(reply.message), onError: toastError });
        }}
      />
      <ReasonDialog
        open={refusing}
        title={t('claims.refuseTitle', { name: claim.publisher_name })}
        description={t('claims.refuseExplain', { email: claim.email })}
        label={t('claims.reason')}
        confirm={t('claims.refuse')}
        onClose={() => setRefusing(false)}
        onSubmit={(reason) => refuse.mutateAsync(reason)}
      />
    </Paper>
  );
}

export function OperatorClaimsPage() {
  const { t } = useTranslation('operatorModeration');
  const claims = useClaimQueue();
  return (
    <Stack spacing={2}>
      <PageHeader title={t('claims.title')} subtitle={t('claims.subtitle')} />
      {claims.isLoading ? <LoadingState /> : null}
      {claims.data && claims.data.claims.length === 0 ? <Alert severity="info">{t('claims.empty')}</Alert> : null}
      {claims.data?.claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} />
      ))}
    </Stack>
  );
}
