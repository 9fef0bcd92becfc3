/**
 * /operator/publishers — the verification queue (decision 043): the publishers in one state,
 * oldest registration first, each with its details, books, registration date and thread, and
 * the operator's actions: verify, ask a question, reject, suspend or lift the suspension. Above
 * it, withdrawing or reinstating a book by its JSBN. Laid out as cards so it works at 390 px.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lookupText } from '@jsbn/shared/core';
import { VERIFICATION_STATES, type VerificationItem, type VerificationState } from '@jsbn/shared';
import { formatDate, formatPhone, formatTime, orNA } from '../../../../components/format';
import { LoadingState, PageHeader } from '../../../../components/page';
import { VerifiedBadge } from '../../../../components/verified-badge';
import { useLookups } from '../../../../i18n';
import { moderation, useModerationAction, useVerificationQueue } from '../api/moderation-api';
import { BookWithdrawal } from '../components/book-withdrawal';
import { ReasonDialog } from '../components/reason-dialog';
import { toastError, toastSuccess } from '../../../../api/client';

type Action = 'ask' | 'reject' | 'suspend' | 'lift';

const isState = (value: string | null): value is VerificationState => VERIFICATION_STATES.includes(value as VerificationState);

function PublisherCard({ item }: { item: VerificationItem }) {
  const { t } = useTranslation('operatorModeration');
  const lookups = useLookups();
  const typeName = item.publisher_type ? lookupText(lookups, 'publisherTypes', item.publisher_type) : null;
  const [action, setAction] = useState<Action | null>(null);
  const verify = useModerationAction(() => moderation.verify(item.id));
  const close = () => setAction(null);
  const dialogs: Record<
    Action,
    { title: string; label: string; confirm: string; required?: boolean; send: (text: string) => Promise<{ message: string }> }
  > = {
    ask: {
      title: t('publishers.askTitle', { name: item.publisher_name }),
      label: t('publishers.question'),
      confirm: t('publishers.send'),
      send: (text) => moderation.ask(item.id, text),
    },
    reject: {
      title: t('publishers.rejectTitle', { name: item.publisher_name }),
      label: t('publishers.reason'),
      confirm: t('publishers.reject'),
      send: (text) => moderation.reject(item.id, text),
    },
    suspend: {
      title: t('publishers.suspendTitle', { name: item.publisher_name }),
      label: t('publishers.reason'),
      confirm: t('publishers.suspend'),
      send: (text) => moderation.suspend('publishers', item.id, text),
    },
    lift: {
      title: t('publishers.liftTitle', { name: item.publisher_name }),
      label: t('publishers.liftReason'),
      confirm: t('publishers.lift'),
      required: false,
      send: (text) => moderation.lift('publishers', item.id, text),
    },
  };
  const run = useModerationAction(({ kind, text }: { kind: Action; text: string }) => dialogs[kind].send(text));
  const open = action ? dialogs[action] : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={`publisher-${item.id}`} data-testid="queue-item">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Typography id={`publisher-${item.id}`} component="h2" variant="h6" sx={{ fontWeight: 700, wordBreak: 'break-word', mr: 1 }}>
          {item.publisher_name}
        </Typography>
        <VerifiedBadge verified={item.verified} />
        {item.answered ? <Chip size="small" color="info" label={t('publishers.answered')} /> : null}
        {item.suspended_at ? (
          <Chip size="small" color="error" label={t('publishers.suspended', { date: formatDate(item.suspended_at) })} />
        ) : null}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 2,
          m: 0,
          mt: 1,
          '& dd': { m: 0, mb: { xs: 1, sm: 0.5 }, wordBreak: 'break-word' },
          '& dt': { color: 'text.secondary' },
        }}
      >
        <dt>{t('publishers.code')}</dt>
        <dd>{item.publisher_no}</dd>
        <dt>{t('publishers.type')}</dt>
        <dd>{orNA(typeName)}</dd>
        <dt>{t('publishers.place')}</dt>
        <dd>{orNA([item.address, item.city_name, item.state_name].filter(Boolean).join(', '))}</dd>
        <dt>{t('publishers.contact')}</dt>
        <dd>
          {item.email} · {formatPhone(item.mobile_no)}
        </dd>
        <dt>{t('publishers.books')}</dt>
        <dd>{item.books_count}</dd>
        <dt>{t('publishers.registered')}</dt>
        <dd>{formatDate(item.registered_at)}</dd>
        {item.suspended_reason ? (
          <>
            <dt>{t('publishers.suspendedReason')}</dt>
            <dd>{item.suspended_reason}</dd>
          </>
        ) : null}
      </Box>
      {item.thread.length ? (
        <Box component="section" sx={{ mt: 1 }} aria-label={t('publishers.thread')}>
          <Typography variant="subtitle2" component="h3">
            {t('publishers.thread')}
          </Typography>
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
            {item.thread.map((message) => (
              <Box
                component="li"
                key={message.id}
                sx={{ borderLeft: 3, borderColor: message.from_role === 'OPERATOR' ? 'info.main' : 'success.main', pl: 1.5 }}
              >
                <Typography variant="caption" color="text.secondary">
                  {message.from_role === 'OPERATOR' ? t('publishers.fromOperator') : t('publishers.fromPublisher')} ·{' '}
                  {formatDate(message.created_at)} {formatTime(message.created_at)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.body}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {item.verification !== 'VERIFIED' ? (
          <Button
            variant="contained"
            color="success"
            disabled={verify.isPending}
            sx={{ minHeight: 44 }}
            onClick={() => verify.mutate(undefined, { onSuccess: (reply) => toastSuccess(reply.message), onError: toastError })}
          >
            {t('publishers.verify')}
          </Button>
        ) : null}
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setAction('ask')}>
          {t('publishers.ask')}
        </Button>
        {item.verification !== 'REJECTED' ? (
          <Button variant="outlined" color="error" sx={{ minHeight: 44 }} onClick={() => setAction('reject')}>
            {t('publishers.reject')}
          </Button>
        ) : null}
        {item.suspended_at ? (
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setAction('lift')}>
            {t('publishers.lift')}
          </Button>
        ) : (
          <Button variant="outlined" color="warning" sx={{ minHeight: 44 }} onClick={() => setAction('suspend')}>
            {t('publishers.suspend')}
          </Button>
        )}
      </Stack>
      {open && action ? (
        <ReasonDialog
          open
          title={open.title}
          label={open.label}
          confirm={open.confirm}
          required={open.required}
          onClose={close}
          onSubmit={(text) => run.mutateAsync({ kind: action, text })}
        />
      ) : null}
    </Paper>
  );
}

export function OperatorPublishersPage() {
  const { t } = useTranslation('operatorModeration');
  const [search, setSearch] = useSearchParams();
  const given = search.get('verification');
  const state: VerificationState = isState(given) ? given : 'NEW';
  const queue = useVerificationQueue(state);
  return (
    <Stack spacing={2}>
      <PageHeader title={t('publishers.title')} subtitle={t('publishers.subtitle')} />
      <BookWithdrawal />
      <Tabs
        value={state}
        onChange={(_event, value: VerificationState) => setSearch({ verification: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('publishers.states')}
      >
        {VERIFICATION_STATES.map((value) => (
          <Tab key={value} value={value} label={t(`publishers.state.${value}`)} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      {queue.isLoading ? <LoadingState /> : null}
      {queue.data && queue.data.publishers.length === 0 ? <Alert severity="info">{t('publishers.empty')}</Alert> : null}
      {queue.data?.publishers.map((item) => (
        <PublisherCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}
