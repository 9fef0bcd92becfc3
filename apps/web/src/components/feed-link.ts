/**
 * Names a page's Atom feed in the document's head, `<link rel="alternate"
 * type="application/atom+xml">` (RFC 4287 autodiscovery: feed readers and browsers find it
 * there), while the page is shown; a link the server already put in the head is left as it is.
 */
import { useEffect } from 'react';
import { siteOrigin } from '../lib/origin';
import { feedPaths } from '../lib/paths';
import { currentLanguage } from '../i18n';

/** Names the feed at `path` (a site path, e.g. `/feeds/new`; null for none) in the interface language, titled `title`. */
export function useFeedLink(path: string | null, title: string): void {
  const language = currentLanguage();
  useEffect(() => {
    if (!path) return;
    const href = new URL(feedPaths.inLanguage(path, language), siteOrigin()).href;
    const named = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type="application/atom+xml"]')];
    if (named.some((link) => link.href === href)) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    document.head.append(link);
    return () => link.remove();
  }, [path, title, language]);
}
