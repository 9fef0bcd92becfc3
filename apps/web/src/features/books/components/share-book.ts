/** What sharing a book's page sends: its title, a line of text and the page's absolute link. */
export interface SharedPage {
  title: string;
  text: string;
  url: string;
}

/**
 * The WhatsApp link that sends `text` and `url` on two lines: the Share button's before the app
 * has hydrated the page (decision 066), and the share dialog's.
 */
export const whatsAppShareLink = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;

/**
 * Shares a book's page (decision 029): the phone's own share sheet through the Web Share API
 * where the browser has one, else `fallback` (the share dialog). A share the visitor cancels
 * ends there; one the browser refuses falls back too. Call it from the tap itself — the API
 * needs the user's gesture.
 */
export async function shareBookPage(page: SharedPage, fallback: () => void): Promise<void> {
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(page))) {
    try {
      await navigator.share(page);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  fallback();
}
