/**
 * /operator/publishers — the verification queue (decision 043): the publishers in one state,
 * oldest registration first, each with its details, when its e-mail was confirmed, its books,
 * registration date and thread, and the operator's actions: verify, ask a question, reject,
 * suspend or lift the suspension. Above it, withdrawing or reinstating a book by its JSBN. Laid
 * out as cards so it works at 390 px.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { formatJsbn, lookupText } from '@jsbn/shared/core';
import { VERIFICATION_STATES, type VerificationItem, type VerificationState } from '@jsbn/shared';
import { formatDate, formatPhone, formatTime, orNA } from '../../../../components/format';
import { LoadingState, PageHeader } from '../../../../components/page';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { SafeImage } from '../../../../components/safe-image';
import { VerifiedBadge } from '../../../../components/verified-badge';
import { useCityText, useLookups } from '../../../../i18n';
import { moderation, useModerationAction, useVerificationQueue } from '../api/moderation-api';
import { BookWithdrawal } from '../components/book-withdrawal';
import { ReasonDialog } from '../components/reason-dialog';
import { toastError, toastSuccess } from '../../../../api/client';

type Action = 'ask' | 'reject' | 'suspend' | 'lift';

const isState = (value: string | null): value is VerificationState => VERIFICATION_STATES.includes(value as VerificationState);

/** How long a confirmed verification waits for an undo before it is sent (ms), as mail programs hold a sent e-mail. */
export const VERIFY_UNDO_MS = 10_000;

/**
 * Verify, with the operator's second look: a dialog names what to check, then the verification
 * waits `VERIFY_UNDO_MS` with an Undo button before it reaches the server; nothing is half-done
 * if the operator undoes it.
 */
function useVerifyWithUndo(send: () => void) {
  const [confirming, setConfirming] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      setLeft(null);
      send();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1000), 1000);
    return () => clearTimeout(timer);
  }, [left, send]);
  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm: () => {
      setConfirming(false);
      setLeft(VERIFY_UNDO_MS);
    },
    /** Seconds until it is sent, or null when none is waiting. */
    seconds: left === null ? null : Math.ceil(left / 1000),
    undo: () => setLeft(null),
  };
}

function PublisherCard({ item }: { item: VerificationItem }) {
  const { t } = useTranslation('operatorModeration');
  const lookups = useLookups();
  const city = useCityText();
  const typeName = item.publisher_type ? lookupText(lookups, 'publisherTypes', item.publisher_type) : null;
  const place = [item.address, item.town, city(item), lookupText(lookups, 'states', item.state_name)];
  const [action, setAction] = useState<Action | null>(null);
  const verify = useModerationAction(() => moderation.verify(item.id));
  const [undone, setUndone] = useState(false);
  const waiting = useVerifyWithUndo(
    useCallback(() => verify.mutate(undefined, { onSuccess: (reply) => toastSuccess(reply.message), onError: toastError }), [verify]),
  );
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
        {item.logo ? (
          <SafeImage
            src={item.logo}
            alt={t('publishers.logoOf', { name: item.publisher_name })}
            style={{ width: 56, height: 56, objectFit: 'contain', borderRadius: 4 }}
          />
        ) : (
          <Chip size="small" color="warning" label={t('publishers.noLogo')} />
        )}
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
        <dd>{orNA(place.filter(Boolean).join(', '))}</dd>
        <dt>{t('publishers.contact')}</dt>
        <dd>
          {item.email} · {formatPhone(item.mobile_no)}
        </dd>
        <dt>{t('publishers.emailConfirmed')}</dt>
        <dd data-testid="email-confirmed">{formatDate(item.email_verified_at)}</dd>
        <dt>{t('publishers.gst')}</dt>
        <dd>{orNA(item.gst_no)}</dd>
        <dt>{t('publishers.books')}</dt>
        <dd>
          {item.books_count}
          {item.books.length ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {item.books.map((book) => (
                <li key={book.jsbn_number}>
                  <Link href={`/jsbn/${formatJsbn(book.jsbn_number)}`} target="_blank" rel="noopener">
                    {book.book_title}
                  </Link>{' '}
                  · {formatJsbn(book.jsbn_number)}
                </li>
              ))}
            </Box>
          ) : null}
        </dd>
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
      {waiting.seconds !== null ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mt: 2 }}
          data-testid="verify-undo"
          action={
            <Button
              color="inherit"
              sx={{ minHeight: 44 }}
              onClick={() => {
                waiting.undo();
                setUndone(true);
              }}
            >
              {t('publishers.undo')}
            </Button>
          }
        >
          {t('publishers.verifying', { name: item.publisher_name, count: waiting.seconds })}
        </Alert>
      ) : null}
      {undone && waiting.seconds === null ? (
        <Alert severity="info" role="status" sx={{ mt: 2 }} onClose={() => setUndone(false)}>
          {t('publishers.undone', { name: item.publisher_name })}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {item.verification !== 'VERIFIED' ? (
          <Button
            variant="contained"
            color="success"
            disabled={verify.isPending || waiting.seconds !== null}
            sx={{ minHeight: 44 }}
            onClick={() => {
              setUndone(false);
              waiting.ask();
            }}
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
      <ConfirmDialog
        open={waiting.confirming}
        title={t('publishers.verifyTitle', { name: item.publisher_name })}
        message={t('publishers.verifyCheck')}
        confirmText={t('publishers.verify')}
        onConfirm={waiting.confirm}
        onClose={waiting.cancel}
      />
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
