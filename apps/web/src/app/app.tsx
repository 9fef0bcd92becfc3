import { RouterProvider } from 'react-router';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { refreshCurrentUser, setNavigator, toastError } from '../api/client';
import { getSession } from '../api/session';
import { router } from './router';
import { theme } from './theme';

/** Every failed call is shown in a toast once (spec §8); the client marks those it already told. */
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => (query.meta?.silent ? undefined : toastError(error)) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => (mutation.meta?.silent ? undefined : toastError(error)) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

setNavigator((to, options) => {
  void router.navigate(to, options);
});

// The user part of the session is kept locally (spec accounts §4); refresh it once per page
// load so a letterhead or profile saved in another tab, or a revoked token, is seen at once.
if (getSession().token) void refreshCurrentUser().catch(() => undefined);

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={5000}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
