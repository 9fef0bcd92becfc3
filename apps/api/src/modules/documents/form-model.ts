/**
 * The description of a printable form: one list of blocks that both writers render — the
 * DOCX writer (`form-docx.ts`) and the PDF writer (`form-pdf.ts`). Texts are final strings
 * (already in the form's language); the writers only lay them out.
 */

/** A text in Gujarati and English, and in Hindi where a form is offered in Hindi (the book form). */
export interface Bilingual {
  gu: string;
  hi?: string;
  en: string;
}

/**
 * How a form shows a `Bilingual`: `gu` (or `hi`) Gujarati (Hindi) with the English in brackets
 * (labels) or alone (sentences); `en` English alone; `both` Gujarati / English.
 */
export type FormLanguage = 'gu' | 'hi' | 'en' | 'both';

/** The Hindi of `text`. @throws Error when it has none (a bug: a Hindi form's text was left untranslated) */
function hindi(text: Bilingual): string {
  if (text.hi === undefined) throw new Error(`no Hindi for the form text '${text.en}'`);
  return text.hi;
}

/** A blank to fill: a label, then a writing line (or `lines` lines, or `boxes` character boxes). */
export interface FieldBlock {
  kind: 'field';
  label: string;
  hint?: string;
  required?: boolean;
  /** Writing lines below the label (default 1, on the label's own line). */
  lines?: number;
  /** Draw this many one-character boxes instead of a line (fixed-length codes, phone numbers). */
  boxes?: number;
}

/** Tick boxes: one (or several, when the hint says so) of `options`. */
export interface ChoiceBlock {
  kind: 'choice';
  label: string;
  options: string[];
  hint?: string;
  required?: boolean;
}

/** A grid with column titles and `rows` blank numbered rows; `widths` are fractions summing to 1. */
export interface TableBlock {
  kind: 'table';
  columns: string[];
  widths: number[];
  rows: number;
  hint?: string;
}

export type FormBlock =
  | { kind: 'section'; title: string }
  | { kind: 'note'; text: string }
  | { kind: 'list'; items: string[] }
  | FieldBlock
  | ChoiceBlock
  | TableBlock;

/** One form as both writers see it. */
export interface FormDocument {
  /** Top line of every form: "JSBN — Jain Standard Book Number". */
  brand: string;
  title: string;
  subtitle?: string;
  /** Where to send the filled form (carries the support e-mail). */
  sendTo: string;
  /** BCP 47 tag of the main language ('gu-IN' or 'en-IN'), for DOCX proofing. */
  lang: string;
  /** Footnote shown on the last page: what `*` means. */
  requiredNote: string;
  blocks: FormBlock[];
}

/** Shows `text` in `language` as a label: `gu` → "ગુજરાતી (English)". */
export function label(text: Bilingual, language: FormLanguage): string {
  if (language === 'en') return text.en;
  if (language === 'gu') return `${text.gu} (${text.en})`;
  if (language === 'hi') return `${hindi(text)} (${text.en})`;
  return `${text.gu} / ${text.en}`;
}

/** Shows `text` in `language` as a sentence: `gu` → Gujarati only. */
export function sentence(text: Bilingual, language: FormLanguage): string {
  if (language === 'en') return text.en;
  if (language === 'gu') return text.gu;
  if (language === 'hi') return hindi(text);
  return `${text.gu}\n${text.en}`;
}
