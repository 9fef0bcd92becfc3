import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { CssBaseline, ThemeProvider, useMediaQuery, useTheme } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useLocalizedTheme } from './mui-locale';

/**
 * What every page sits in, in the browser and in the server's render (decision 011): its
 * styles (`styleCache`, from createStyleCache), the interface language, theme (MUI's
 * texts in that language, mui-locale.ts),
 * toasts, queries.
 */
export function AppProviders({
  queryClient,
  i18n,
  styleCache,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  styleCache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={styleCache}>
      <I18nextProvider i18n={i18n}>
        <LocalizedThemeProvider>
          <CssBaseline />
          <Toasts>
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </Toasts>
        </LocalizedThemeProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}

/**
 * Where toasts appear: at the top, centred, on a wider screen; at the bottom on a phone (below
 * `sm`), where the top one covered the page's title under the app bar.
 */
function Toasts({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: phone ? 'bottom' : 'top', horizontal: 'center' }} autoHideDuration={5000}>
      {children}
    </SnackbarProvider>
  );
}

/** The theme, with MUI's own texts in the interface language. */
function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={useLocalizedTheme()}>{children}</ThemeProvider>;
}

/** The id of the `<script type="application/json">` that carries a server-made page's `QuerySeed[]`. */
export const SEEDS_ELEMENT_ID = 'jsbn-queries';
