import { UPLOADER_DEFAULT_MAX_BYTES, videoLibraryMessages, type ImageRule } from '@studio/domain';

export { imageProblem, type ImageRule } from '@studio/domain';

/** Spec 000 §5: three retries, then the upload fails. */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 3000, 5000];
/** Spec 000 §5: an upload that makes no progress for 60 s is restarted (it resumes where it was). */
export const UPLOAD_STALL_TIMEOUT_MS = 60_000;
/** One file unless configured (spec 000 §5). */
export const UPLOADER_DEFAULT_MAX_FILES = 1;

export type RenameMode = 'random-id' | 'underscores';

export interface UploaderConfig {
  /** Bytes; 50 MB unless configured. */
  maxFileSize?: number;
  /** Extensions ('.mp4') and MIME types ('video/mp4', 'image/*'); anything when absent. */
  allowedFileTypes?: readonly string[];
  maxNumberOfFiles?: number;
  rename?: RenameMode;
  image?: ImageRule;
}

export const isSvg = (file: { name: string; type: string }) =>
  /\.svgz?$/i.test(file.name) || /svg/i.test(file.type);

const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
};

/** Whether a file's name or type matches one of the accepted entries. */
export function matchesType(
  file: { name: string; type: string },
  allowed: readonly string[] | undefined,
): boolean {
  if (!allowed || allowed.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return allowed.some((entry) => {
    const accepted = entry.toLowerCase();
    if (accepted.startsWith('.')) return name.endsWith(accepted);
    if (accepted.endsWith('/*')) return type.startsWith(accepted.slice(0, -1));
    return type === accepted;
  });
}

/**
 * The reason a chosen file is refused before anything is uploaded, or null: SVG always (spec 000
 * §5), then type, size and the number of files.
 */
export function fileProblem(
  file: { name: string; type: string; size: number },
  config: UploaderConfig,
  filesAlready: number,
): string | null {
  if (isSvg(file)) return videoLibraryMessages.svgNotAllowed;
  if (!matchesType(file, config.allowedFileTypes)) {
    return `You can only upload: ${(config.allowedFileTypes ?? []).join(', ')}`;
  }
  const maxSize = config.maxFileSize ?? UPLOADER_DEFAULT_MAX_BYTES;
  if (file.size > maxSize) return `${file.name} exceeds maximum allowed size of ${formatBytes(maxSize)}`;
  const maxFiles = config.maxNumberOfFiles ?? UPLOADER_DEFAULT_MAX_FILES;
  if (filesAlready >= maxFiles) return `You can only upload ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}`;
  return null;
}

/** Spec 000 §5: the file renamed to a random id (keeping its extension), or with spaces as underscores. */
export function renamedFile(
  name: string,
  mode: RenameMode | undefined,
  randomId: () => string = () => crypto.randomUUID(),
): string {
  if (!mode) return name;
  if (mode === 'underscores') return name.replace(/\s+/g, '_');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  return `${randomId()}${extension}`;
}

/** The natural size of an image file, read by the browser. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be read.'));
    };
    image.src = url;
  });
}
