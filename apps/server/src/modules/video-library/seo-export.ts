import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { videoFileName, videoLibraryMessages, type VideoAsset } from '@studio/domain';

/** ISO 8601 duration ('PT1M5S') as schema.org wants it. */
export function isoDuration(seconds: number | null): string | undefined {
  if (seconds === null || !Number.isFinite(seconds)) return undefined;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || (!hours && !minutes) ? `${rest}S` : ''}`;
}

/** Spec 000 §7 "SEO/GEO export": schema.org VideoObject with chapters as Clip parts (start and end offsets). */
export function videoObject(asset: VideoAsset): Record<string, unknown> {
  const chapters = [...asset.metadata.chapters].sort((a, b) => a.start_time - b.start_time);
  const end = asset.duration ?? undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: asset.name,
    description: asset.description ?? asset.name,
    thumbnailUrl: asset.urls.thumbnail ? [asset.urls.thumbnail] : [],
    uploadDate: asset.created_at,
    ...(isoDuration(asset.duration) ? { duration: isoDuration(asset.duration) } : {}),
    ...(asset.urls.mp4 ? { contentUrl: asset.urls.mp4 } : {}),
    ...(chapters.length > 0
      ? {
          hasPart: chapters.map((chapter, index) => ({
            '@type': 'Clip',
            name: chapter.title,
            startOffset: chapter.start_time,
            ...(chapters[index + 1] !== undefined || end !== undefined
              ? { endOffset: chapters[index + 1]?.start_time ?? end }
              : {}),
            ...(asset.urls.mp4 ? { url: `${asset.urls.mp4.split('#')[0]}#t=${chapter.start_time}` } : {}),
          })),
        }
      : {}),
  };
}

/** The transcript as text (speaker: words per item), or the spec's fallback. */
export function transcriptText(asset: VideoAsset): string {
  const items = (asset.transcript?.items ?? []) as {
    speaker_name?: string;
    speaker_label?: string;
    type?: string;
    alternatives?: { content?: string }[];
  }[];
  const lines = items
    .map((item) => {
      const content = item.alternatives?.[0]?.content ?? '';
      const speaker = item.speaker_name ?? item.speaker_label;
      return content ? `${speaker ? `${speaker}: ` : ''}${content}` : '';
    })
    .filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n` : `${videoLibraryMessages.transcriptUnavailable}\n`;
}

/** The zip: `<name>.json` (the VideoObject) and `<name> transcript.txt`. */
export function seoExportZip(asset: VideoAsset): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  zip.on('error', (error: Error) => out.destroy(error));
  zip.pipe(out);
  const base = videoFileName(asset.name, 'json').slice(0, -'.json'.length);
  zip.append(`${JSON.stringify(videoObject(asset), null, 2)}\n`, { name: `${base}.json` });
  zip.append(transcriptText(asset), { name: `${base} transcript.txt` });
  void zip.finalize();
  return out;
}
