import { videoFileName, videoLibraryMessages, type VideoAsset } from '@studio/domain';
import { ApiRequestError } from '../../api/api-error.ts';
import { saveFile, saveUrl } from '../../ui/save-file.ts';
import { showToast } from '../../ui/toast.ts';
import { studioApi } from '../../api/studio-api.ts';

const sameOrigin = (href: string) => new URL(href, window.location.href).origin === window.location.origin;

/**
 * Spec 000 §7/§8: the mp4 is downloaded in the browser from its URL — 'Video URL is not
 * available' without one, 'Video is not ready yet. Please try again later.' while the file is not
 * there yet, 'Failed to download video' on any other failure, 'Video downloaded' once it is saved.
 */
export async function downloadVideoMp4(video: Pick<VideoAsset, 'name' | 'urls'>): Promise<void> {
  const href = video.urls.mp4;
  if (!href) {
    showToast(videoLibraryMessages.videoUrlUnavailable, 'error');
    return;
  }
  const fileName = videoFileName(video.name, 'mp4');
  try {
    if (sameOrigin(href)) {
      // Checked first, then saved by the browser itself (no copy of a large file in memory).
      const head = await fetch(href, { method: 'HEAD' });
      if (head.status === 404 || head.status === 409) {
        showToast(videoLibraryMessages.videoNotReady, 'error');
        return;
      }
      if (!head.ok) throw new Error(`HTTP ${head.status}`);
      saveUrl(href, fileName);
    } else {
      const response = await fetch(href);
      if (response.status === 404 || response.status === 409) {
        showToast(videoLibraryMessages.videoNotReady, 'error');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveFile(await response.blob(), fileName);
    }
    showToast(videoLibraryMessages.videoDownloaded, 'success');
  } catch {
    showToast(videoLibraryMessages.videoDownloadFailed, 'error');
  }
}

/**
 * Spec 000 §7 "SEO/GEO export": a zip of the structured-data object and the transcript, named from
 * the video name; 'Failed to download assets' when it cannot be fetched.
 */
export async function downloadSeoAssets(video: Pick<VideoAsset, 'id' | 'name'>): Promise<void> {
  try {
    const zip = await studioApi.download({
      method: 'GET',
      path: `/core/video_assets/${encodeURIComponent(video.id)}/seo_export/`,
    });
    saveFile(zip, videoFileName(video.name, 'zip'));
  } catch (error) {
    showToast(
      error instanceof ApiRequestError && error.status === 409
        ? videoLibraryMessages.videoNotReady
        : videoLibraryMessages.assetsDownloadFailed,
      'error',
    );
  }
}
