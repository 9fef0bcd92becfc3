import { createTheme } from '@mui/material/styles';

/** Page width cap (packages/shared/src/constants.ts). */
export const PAGE_MAX_WIDTH = 1440;

/**
 * Where a finger taps (decision 029): below 768 px, or on any touch screen, every control is at
 * least 44 × 44 CSS px (WCAG 2.5.5): buttons, icon and toggle buttons, boxes, pager items and the
 * small text fields grow to it; links standing alone get it where they are rendered.
 */
export const FINGER = '@media (max-width: 767.95px), (pointer: coarse)';
export const TAP_PX = 44;
/** The `sx` of a link standing alone (not inside a sentence): a finger's height where fingers tap. */
export const TAP_LINK = { [FINGER]: { display: 'inline-flex', alignItems: 'center', minHeight: TAP_PX } } as const;

/** Noto Sans first for Latin, then the Gujarati and Devanagari faces so Indic text shapes correctly. */
const fontFamily = ['"Noto Sans"', '"Noto Sans Gujarati"', '"Noto Sans Devanagari"', 'system-ui', 'sans-serif'].join(', ');

export const theme = createTheme({
  // packages/shared/src/constants.ts: breakpoints 480, 768, 1024 and 1200 px (sm, md, lg, xl)
  breakpoints: { values: { xs: 0, sm: 480, md: 768, lg: 1024, xl: 1200 } },
  palette: {
    // Orange-red, dark enough for white text and for links on the page background (WCAG AA, 4.5:1).
    primary: { main: '#c43e0f', light: '#e64a19', dark: '#9a2f0a', contrastText: '#ffffff' },
    secondary: { main: '#5d4037' },
    // Amber dark enough for warning text and outlines on the page (5:1) and for white text on it
    // (MUI's default #ed6c02 gives 3:1): withdraw and suspend buttons are warnings
    warning: { main: '#b45309', light: '#d97706', dark: '#92400e', contrastText: '#ffffff' },
    background: { default: '#faf7f5' },
  },
  typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
  shape: { borderRadius: 8 },
  components: {
    // Who asks the system for reduced motion (WCAG 2.3.3) gets each change at once: no
    // transitions (a dialog, a menu, the drawer, a tab's indicator) and no ripple under a tap.
    // CSS animations stay, so a spinner still says that something is loading (decision 085).
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { transitionDuration: '0s !important', scrollBehavior: 'auto !important' },
          '.MuiTouchRipple-root': { display: 'none' },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { [FINGER]: { minHeight: TAP_PX } } } },
    MuiIconButton: { styleOverrides: { root: { [FINGER]: { minWidth: TAP_PX, minHeight: TAP_PX } } } },
    MuiToggleButton: { styleOverrides: { root: { [FINGER]: { minWidth: TAP_PX, minHeight: TAP_PX } } } },
    // 24 px box + 10 px around it
    MuiCheckbox: { styleOverrides: { root: { [FINGER]: { padding: 10 } } } },
    MuiRadio: { styleOverrides: { root: { [FINGER]: { padding: 10 } } } },
    MuiPaginationItem: { styleOverrides: { root: { [FINGER]: { minWidth: TAP_PX, height: TAP_PX } } } },
    // a small field's 23 px line + 10.5 px above and below; its label moves down with it
    MuiInputBase: { styleOverrides: { inputSizeSmall: { [FINGER]: { paddingTop: 10.5, paddingBottom: 10.5 } } } },
    MuiSelect: { styleOverrides: { select: { [FINGER]: { '&.MuiInputBase-inputSizeSmall': { paddingTop: 10.5, paddingBottom: 10.5 } } } } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, whiteSpace: 'nowrap' } } },
    // Required fields: FormText / FormSelect give the input `required` (screen
    // readers say "required") and mark the label `data-required`; the asterisk is rendered by CSS
    // with an empty alternative text (`/ ""`), so the label's name stays exactly the label.
    MuiInputLabel: {
      styleOverrides: {
        root: { '&[data-required]::after': { content: '"\\2009*" / ""' } },
        sizeSmall: { [FINGER]: { '&:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' } } },
      },
    },
  },
});
