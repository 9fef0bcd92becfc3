import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AppBar, Box, Button, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { clearSession, useSession } from '../../../api/session';
import { LoadingState } from '../../../components/page';
import { FINGER, PAGE_MAX_WIDTH, TAP_PX } from '../../../lib/theme';
import { LanguageButton } from '../../../app/layout/app-layout';
import { OPERATOR_NAV, operatorPaths } from '../nav';

/** The entry of `pathname`: the longest navigation path it starts with (the dashboard only for itself). */
function activeEntry(pathname: string): string | false {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = OPERATOR_NAV.filter(
    (entry) => path === entry.to || (entry.to !== operatorPaths.dashboard && path.startsWith(`${entry.to}/`)),
  );
  return found.sort((a, b) => b.to.length - a.to.length)[0]?.to ?? false;
}

/**
 * The back office's shell (decision 041): its own bar — the title, the operator's e-mail, the
 * language and signing out — and the navigation to the operators' pages (`nav.ts`) as tabs that
 * scroll sideways on a phone. The pages render below it.
 */
export function OperatorLayout() {
  const { t } = useTranslation('operator');
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () => {
    clearSession();
    queryClient.clear();
    void navigate(operatorPaths.login, { replace: true });
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
      <AppBar position="sticky" color="secondary" elevation={0}>
        <Toolbar sx={{ maxWidth: PAGE_MAX_WIDTH, width: '100%', mx: 'auto', gap: 1 }}>
          <Typography
            component={RouterLink}
            to={operatorPaths.dashboard}
            variant="h6"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 800,
              whiteSpace: 'nowrap',
              [FINGER]: { display: 'inline-flex', alignItems: 'center', minHeight: TAP_PX },
            }}
          >
            {t('shell.title')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {user ? (
            <Typography variant="body2" data-testid="operator-email" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9 }}>
              {t('shell.signedInAs', { email: user.email })}
            </Typography>
          ) : null}
          <LanguageButton menuId="operator-language" />
          <Tooltip title={t('shell.signOut')}>
            <IconButton color="inherit" onClick={signOut} aria-label={t('shell.signOut')} sx={{ display: { sm: 'none' } }}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
          <Button
            color="inherit"
            onClick={signOut}
            startIcon={<LogoutIcon />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
          >
            {t('shell.signOut')}
          </Button>
        </Toolbar>
        <Box
          component="nav"
          aria-label={t('shell.nav')}
          sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
        >
          {/* every queue in sight: the links wrap onto a second line on a phone instead of hiding behind a scroll button */}
          <Box
            component="ul"
            sx={{
              maxWidth: PAGE_MAX_WIDTH,
              mx: 'auto',
              my: 0,
              px: 1,
              py: 0.5,
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              gap: 0.5,
            }}
          >
            {OPERATOR_NAV.map((entry) => {
              const current = activeEntry(location.pathname) === entry.to;
              return (
                <li key={entry.to}>
                  <Button
                    component={RouterLink}
                    to={entry.to}
                    aria-current={current ? 'page' : undefined}
                    color={current ? 'primary' : 'inherit'}
                    sx={{
                      minHeight: TAP_PX,
                      borderRadius: 0,
                      borderBottom: 2,
                      borderColor: current ? 'primary.main' : 'transparent',
                      fontWeight: current ? 700 : 500,
                    }}
                  >
                    {t(`nav.${entry.key}`)}
                  </Button>
                </li>
              );
            })}
          </Box>
        </Box>
      </AppBar>
      <Box
        component="main"
        sx={{ flexGrow: 1, width: '100%', maxWidth: PAGE_MAX_WIDTH, mx: 'auto', px: { xs: 1.5, md: 3 }, py: { xs: 2, md: 3 } }}
      >
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
