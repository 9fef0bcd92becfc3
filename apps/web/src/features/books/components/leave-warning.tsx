import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * The leave warning ('Closing the page mid-process shows a leave warning'):
 * the browser's own prompt on close or reload, and a dialog for moves inside the app.
 * `release()` lets the next navigation through (after the registration is done).
 */
export function useLeaveWarning(active: boolean) {
  const { t } = useTranslation('bookForm');
  const activeRef = useRef(active);
  const released = useRef(false);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        activeRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      message={t('leave.message')}
      confirmText={t('leave.leave')}
      cancelText={t('leave.stay')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return { release, dialog };
}
