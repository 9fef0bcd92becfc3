/**
 * MUI's own texts (the Autocomplete's 'Open' and 'No options', the pagination's 'Go to page 2'
 * …) in the interface language, as MUI's locale objects (`Localization` of
 * `@mui/material/locale`) given to the theme. MUI ships `hiIN`, used as the base of Hindi; there
 * is no Gujarati one, so Gujarati is built in the same shape. The words are ours, in
 * `common.json` under `mui` (terms of docs/glossary.md), and replace `hiIN`'s where it reads
 * wrongly ('हटायें', 'पृस्ठानुसार संचालन').
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createTheme, type Theme } from '@mui/material/styles';
import { hiIN, type Localization } from '@mui/material/locale';
import type { InterfaceLanguage } from '@jsbn/shared/core';
import { currentLanguage } from '../i18n';
import { theme } from '../lib/theme';

/** MUI's texts in the language of `t` (the `common` namespace), in the shape of MUI's locale objects. */
export function muiLocalization(t: TFunction<'common'>): Localization {
  const pageLabel = (type: string, page: number | null, selected: boolean) => {
    if (type === 'page') return selected ? t('mui.page', { page }) : t('mui.goToPage', { page });
    if (type === 'first') return t('mui.first');
    if (type === 'last') return t('mui.last');
    if (type === 'next') return t('mui.next');
    return t('mui.previous');
  };
  return {
    components: {
      MuiAlert: { defaultProps: { closeText: t('mui.close') } },
      MuiBreadcrumbs: { defaultProps: { expandText: t('mui.expand') } },
      MuiAutocomplete: {
        defaultProps: {
          openText: t('mui.open'),
          closeText: t('mui.close'),
          clearText: t('mui.clear'),
          noOptionsText: t('mui.noOptions'),
          loadingText: t('mui.loading'),
        },
      },
      MuiPagination: { defaultProps: { 'aria-label': t('mui.pagination'), getItemAriaLabel: pageLabel } },
      MuiTablePagination: {
        defaultProps: {
          getItemAriaLabel: (type) => pageLabel(type, null, false),
          labelRowsPerPage: t('table.rowsPerPage'),
          labelDisplayedRows: ({ from, to, count }) => t('mui.displayedRows', { from, to: to === -1 ? count : to, count }),
        },
      },
    },
  };
}

/** MUI's locale objects for `language`, the first one winning: ours, then MUI's own where it has one. */
const LOCALE_OBJECTS: Record<InterfaceLanguage, (t: TFunction<'common'>) => Localization[]> = {
  en: () => [],
  gu: (t) => [muiLocalization(t)],
  hi: (t) => [muiLocalization(t), hiIN],
};

/** The server's themes by language: its instances never change language, and every page it renders in one language has the same theme (decision 031). */
const serverThemes = new Map<InterfaceLanguage, Theme>();

/** The app's theme with MUI's texts in the interface language; made again when the language changes (on the server, once per language). */
export function useLocalizedTheme(): Theme {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n);
  return useMemo(() => {
    const locales = LOCALE_OBJECTS[language](t);
    // English has MUI's own texts: the theme as it is (made again, it cost a deep merge of the whole theme at every start)
    if (locales.length === 0) return theme;
    const make = () => createTheme(theme, ...locales.reverse());
    if (!import.meta.env.SSR) return make();
    const made = serverThemes.get(language) ?? make();
    serverThemes.set(language, made);
    return made;
  }, [language, t]);
}
