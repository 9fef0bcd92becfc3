/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support contacts shown in the top bar ({email}, {phone} of the spec). */
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_WHATSAPP?: string;
}
