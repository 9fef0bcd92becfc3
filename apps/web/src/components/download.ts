/**
 * Files from the API (exports, address labels, order letters): fetched through the API client
 * (bearer token, error catalogue), then saved under the server's file name or opened in a tab.
 */
import type { ApiFile } from '../api/client';

/** Downloads `url` (saved as `fileName` when given) through a hidden link clicked at once. */
export function downloadLink(url: string, fileName?: string) {
  const link = document.createElement('a');
  link.href = url;
  if (fileName) link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` as a file named `fileName` (an object URL clicked through a hidden link). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  downloadLink(url, fileName);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves a file the API sent (`call` of an endpoint answering a file) under the name of its
 * Content-Disposition header, or `fallbackName` when it has none.
 * @returns the saved file's name
 */
export function saveFile(file: ApiFile, fallbackName = 'download'): string {
  const name = file.fileName ?? fallbackName;
  saveBlob(file.blob, name);
  return name;
}

/** Selected row ids as the `ids=1,2,3` query of the export and address routes. */
export const idsQuery = (ids: Iterable<number>) => ({ ids: [...ids].join(',') });

/**
 * Opens a tab at once (inside the click, so no popup blocker stops it), then shows `load()`'s
 * blob in it. When the browser refused the tab, the file is saved instead.
 */
export async function openBlobInNewTab(load: () => Promise<{ blob: Blob; fileName?: string }>, fallbackName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob, fileName } = await load();
    if (!tab) {
      saveBlob(blob, fileName ?? fallbackName);
      return;
    }
    tab.opener = null;
    tab.location.href = URL.createObjectURL(blob);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
