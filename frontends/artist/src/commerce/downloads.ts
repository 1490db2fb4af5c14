// What a purchase lets the buyer download (spec §1 packages; producer-side spec: the licence PDF).
import type { Download, Purchase } from '@beatmatch/frontend-common/sdk';

const FILES_BY_PACKAGE: Record<string, Download[]> = {
  'First Date Package': [{ downloadable: 'mp3', label: 'MP3' }],
  'Relationship Package': [
    { downloadable: 'mp3', label: 'MP3' },
    { downloadable: 'wav', label: 'WAV' },
  ],
  'Marriage Package': [
    { downloadable: 'mp3', label: 'MP3' },
    { downloadable: 'wav', label: 'WAV' },
    { downloadable: 'stems', label: 'Stems' },
  ],
};

export const LICENCE_DOWNLOAD: Download = { downloadable: 'license', label: 'License (PDF)' };

/** The files of a purchase, the licence last: as the server lists them, or else by its package. */
export function downloadsOf(purchase: Purchase): Download[] {
  const files = purchase.downloads?.length
    ? purchase.downloads.filter((d) => d.downloadable !== LICENCE_DOWNLOAD.downloadable)
    : (FILES_BY_PACKAGE[purchase.beatPackage] ?? [{ downloadable: 'mp3', label: 'MP3' }]);
  return [...files, LICENCE_DOWNLOAD];
}

export function downloadLabel(download: Download): string {
  return download.label ?? download.downloadable.toUpperCase();
}

/**
 * Opens a download in a new window (spec §7 get_downloadable: "URL opened in a new window"). The
 * window is opened at the click, before the URL arrives, so no pop-up blocker stops it.
 */
export async function openInNewWindow(getUrl: () => Promise<string>): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const url = await getUrl();
    if (opened) {
      opened.opener = null;
      opened.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    opened?.close();
    throw error;
  }
}
