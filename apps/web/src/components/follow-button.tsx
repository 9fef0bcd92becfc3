import { useTranslation } from 'react-i18next';
import { Button } from '@mui/material';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationAddOutlinedIcon from '@mui/icons-material/NotificationAddOutlined';
import { toastSuccess } from '../api/client';
import { follows, useFollow, useInterests, type FollowTarget } from '../api/interests';
import { useSession } from '../api/session';

/**
 * 'Follow' a publisher or an author (decision 073): for a signed-in library only, a toggle
 * (`aria-pressed`) whose new books then come in its weekly e-mail of new books. Nothing for
 * anyone else.
 */
export function FollowButton({ target, name, size = 'medium' }: { target: FollowTarget; name: string; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const { isLibrary } = useSession();
  const interests = useInterests(isLibrary);
  const mutation = useFollow({ onSuccess: (reply) => toastSuccess(reply.message) });
  if (!isLibrary) return null;
  const following = follows(interests.data, target);
  const label =
    target.kind === 'author'
      ? following
        ? t('follow.followingAuthor', { name })
        : t('follow.author', { name })
      : following
        ? t('follow.following')
        : t('follow.publisher');
  return (
    <Button
      size={size}
      variant={following ? 'contained' : 'outlined'}
      startIcon={following ? <NotificationsActiveOutlinedIcon /> : <NotificationAddOutlinedIcon />}
      aria-pressed={following}
      aria-label={following ? t('follow.stopLabel', { name }) : t('follow.label', { name })}
      title={following ? t('follow.stopLabel', { name }) : t('follow.label', { name })}
      disabled={!interests.data || mutation.isPending}
      onClick={() => mutation.mutate({ ...target, follow: !following })}
      data-testid={`follow-${target.kind}-${target.id}`}
    >
      {label}
    </Button>
  );
}
