import { onTestFinished } from 'vitest';

/**
 * Stand-ins for the browser parts jsdom lacks around local files — object URLs, image decoding and
 * downloads — so the studio's own code (ui/save-file.ts, readImageSize) runs as it is in a test.
 * Each stand-in lasts until the test ends.
 */

export interface SavedFile {
  /** The name the browser was asked to save it under. */
  name: string;
  href: string;
  /** What an object URL held (undefined for a plain address). */
  blob: Blob | undefined;
}

interface ImageSize {
  width: number;
  height: number;
}

const blobs = new Map<string, Blob>();
let made = 0;

const createObjectURL = (blob: Blob | MediaSource) => {
  made += 1;
  const url = `blob:studio-test/${made}`;
  blobs.set(url, blob as Blob);
  return url;
};

/** Sets a global for this test only, putting back what was there (or nothing) when it ends. */
function forThisTest<T extends object>(target: T, key: keyof T & string, value: unknown) {
  const had = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  onTestFinished(() => {
    if (had) Object.defineProperty(target, key, had);
    else Reflect.deleteProperty(target, key);
  });
}

/** Object URLs for blobs, kept in a table the other stand-ins read. */
function objectUrls() {
  if (URL.createObjectURL === createObjectURL) return;
  forThisTest(URL, 'createObjectURL', createObjectURL);
  // Stays after the test: save-file revokes its URL a minute later, when the test may be over.
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
}

/**
 * Notes each file the page has the browser save (a click on a link with a `download` name, heard on
 * the document): its name, address and what it held; the click's download is cancelled.
 */
export function watchSavedFiles(): SavedFile[] {
  objectUrls();
  const saved: SavedFile[] = [];
  const note = (event: MouseEvent) => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.download) return;
    event.preventDefault();
    saved.push({ name: link.download, href: link.href, blob: blobs.get(link.href) });
  };
  document.addEventListener('click', note, true);
  onTestFinished(() => document.removeEventListener('click', note, true));
  return saved;
}

/** Has the browser decode each image file chosen as `sizeOf` says (jsdom decodes none). */
export function decodeImagesAs(sizeOf: (file: File) => ImageSize) {
  objectUrls();
  class DecodedImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 0;
    naturalHeight = 0;
    set src(url: string) {
      const blob = blobs.get(url);
      queueMicrotask(() => {
        if (!blob) return this.onerror?.();
        const { width, height } = sizeOf(blob as File);
        Object.assign(this, { naturalWidth: width, naturalHeight: height });
        this.onload?.();
      });
    }
  }
  forThisTest(globalThis, 'Image', DecodedImage);
}

/** A picture named square-… is 1000×1000, any other 1920×1080 (the 16:9 rule's two sides). */
export const squareOrWide = (file: File): ImageSize =>
  file.name.startsWith('square') ? { width: 1000, height: 1000 } : { width: 1920, height: 1080 };
