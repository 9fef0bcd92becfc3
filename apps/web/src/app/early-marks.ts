/**
 * The attributes by which a control of a server-made page asks to be answered at once, before
 * the app is there (decision 053; `app/early-answers.ts` draws the answers). The app writes them
 * on its controls; the page's entry (`main.tsx`) reads them — this module stays tiny.
 */
export const EARLY = {
  /** On the language switcher: the name of its menu. */
  menu: 'data-early-menu',
  /** On a button opening a dialog: the dialog's title. */
  dialog: 'data-early-dialog',
  /** Beside `dialog`: the words for 'Loading...' in the page's language. */
  loading: 'data-early-loading',
  /** On the elements drawn before the app: the entry leaves taps on them alone. */
  answer: 'data-early-answer',
} as const;

/** The controls answered before the app is there. */
export const EARLY_CONTROLS = `[${EARLY.menu}], [${EARLY.dialog}]`;

/** The attributes of a button whose dialog's frame, `title` and `loading` words show at once before the app is there. */
export const earlyDialog = (title: string, loading: string) => ({ [EARLY.dialog]: title, [EARLY.loading]: loading });
