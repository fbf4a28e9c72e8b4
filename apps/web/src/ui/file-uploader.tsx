import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import Uppy, { type UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import { useEffect, useEffectEvent, useState, type DragEvent } from 'react';
import {
  fileProblem,
  imageProblem,
  readImageSize,
  renamedFile,
  UPLOAD_RETRY_DELAYS_MS,
  UPLOAD_STALL_TIMEOUT_MS,
  type UploaderConfig,
} from './file-uploader-rules.ts';
import { uploadThroughSignedUrl, type SignedUploadTarget } from './signed-upload.ts';
import { UploadRow, type UploadEntry, type UploadPhase } from './upload-row.tsx';

type UploadMeta = Record<string, unknown>;
type UploadBody = Record<string, unknown>;
type StudioUppy = Uppy<UploadMeta, UploadBody>;

export type FileCheckResult<T> = { ok: true; value: T } | { ok: false; message: string };
/** A check of a chosen file before it is uploaded (duration, image size …). */
export type FileCheck<T> = (file: File) => Promise<FileCheckResult<T>>;

export interface UploadedFile<T> {
  file: File;
  /** The name it was uploaded under (renamed when configured). */
  name: string;
  /** The tus upload's URL. */
  uploadURL: string;
  checked: T | undefined;
}

export type { UploadEntry, UploadPhase } from './upload-row.tsx';

export interface UploaderAuthorization {
  /** The bearer token to send, read before each request. */
  token: () => string | null;
  /** Renews an expired token (the request is then retried). */
  renew: () => Promise<unknown>;
}

export interface FileUploaderProps<T> {
  /** The tus endpoint, e.g. '/api/uploads/' (library videos). */
  endpoint?: string;
  /** General files and images: a signed URL, then a PUT (spec 001 §7); `uploadURL` is the content URL. */
  signed?: SignedUploadTarget;
  config?: UploaderConfig;
  /** Extra tus metadata (e.g. `{ kind: 'video' }`). */
  metadata?: Record<string, string>;
  authorization?: UploaderAuthorization;
  check?: FileCheck<T>;
  /** After the bytes are uploaded: what the screen does with them (create a video …). */
  onUploaded: (upload: UploadedFile<T>) => Promise<void>;
  /** The upload failed for good (spec 000 §8 'File Upload Failed'). */
  onFailed?: (file: { name: string }, message: string) => void;
  /** True while a file is being checked, uploaded or finished. */
  onBusyChange?: (busy: boolean) => void;
  chooseLabel?: string;
}

const busyPhases: readonly UploadPhase[] = ['checking', 'uploading', 'paused', 'finishing'];
const STALL_CHECK_EVERY_MS = 5000;

function createUppy(
  props: Pick<FileUploaderProps<unknown>, 'endpoint' | 'config' | 'metadata' | 'authorization'>,
): StudioUppy {
  const { config = {}, metadata = {}, authorization } = props;
  const uppy = new Uppy<UploadMeta, UploadBody>({
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: {
      maxFileSize: config.maxFileSize ?? null,
      allowedFileTypes: config.allowedFileTypes ? [...config.allowedFileTypes] : null,
      // Counted by the uploader itself: finished files stay listed.
      maxNumberOfFiles: null,
    },
    meta: metadata,
  });
  if (props.endpoint === undefined) return uppy;
  uppy.use(Tus, {
    endpoint: props.endpoint,
    retryDelays: UPLOAD_RETRY_DELAYS_MS,
    removeFingerprintOnSuccess: true,
    allowedMetaFields: ['name', 'type', ...Object.keys(metadata)],
    onBeforeRequest: (request) => {
      const token = authorization?.token();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onAfterResponse: async (_request, response) => {
      if (response.getStatus() === 401 && authorization) await authorization.renew().catch(() => undefined);
    },
    onShouldRetry: (error, _attempt, _options, next) =>
      error.originalResponse?.getStatus() === 401 || next(error),
  });
  return uppy;
}

let entrySequence = 0;

/**
 * Spec 000 §5 file uploader (Uppy + tus): local files only; SVG refused; type, size and count
 * restrictions; optional renaming and checks before anything is sent; per-file progress with pause,
 * resume and retry; three retries; a stalled upload (60 s without progress) restarts where it was;
 * choosing the same file again after a reload resumes it.
 */
export function FileUploader<T>(props: FileUploaderProps<T>) {
  const { config = {}, check, chooseLabel = 'Choose files' } = props;
  const [uppy] = useState(() => createUppy(props));
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [checkedValues] = useState(() => new Map<string, T>());
  const [lastProgressAt] = useState(() => new Map<string, number>());
  // Files sent through a signed URL, kept for Retry (tus keeps its own).
  const [signedFiles] = useState(() => new Map<string, File>());

  const update = (match: (entry: UploadEntry) => boolean, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (match(entry) ? { ...entry, ...change } : entry)));
  const byUppyId = (id: string | undefined) => (entry: UploadEntry) =>
    id !== undefined && entry.uppyId === id;

  async function complete(file: UppyFile<UploadMeta, UploadBody>, uploadURL: string) {
    update(byUppyId(file.id), { phase: 'finishing', progress: 100, message: undefined });
    try {
      await props.onUploaded({
        file: file.data as File,
        name: file.name,
        uploadURL,
        checked: checkedValues.get(file.id),
      });
      update(byUppyId(file.id), { phase: 'done' });
    } catch (error) {
      update(byUppyId(file.id), {
        phase: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const finish = useEffectEvent(
    (file: UppyFile<UploadMeta, UploadBody>, uploadURL: string) => void complete(file, uploadURL),
  );

  const onUploadError = useEffectEvent(
    (file: UppyFile<UploadMeta, UploadBody> | undefined, message: string) => {
      update(byUppyId(file?.id), { phase: 'failed', message });
      props.onFailed?.({ name: file?.name ?? '' }, message);
    },
  );

  useEffect(() => {
    const onProgress = (file: UppyFile<UploadMeta, UploadBody> | undefined) => {
      if (!file) return;
      lastProgressAt.set(file.id, Date.now());
      const current = uppy.getFile(file.id);
      setEntries((list) =>
        list.map((entry) =>
          entry.uppyId === file.id && entry.phase === 'uploading'
            ? { ...entry, progress: current?.progress.percentage ?? entry.progress }
            : entry,
        ),
      );
    };
    const onSuccess = (
      file: UppyFile<UploadMeta, UploadBody> | undefined,
      response: { uploadURL?: string },
    ) => {
      if (file && response.uploadURL) finish(file, response.uploadURL);
    };
    const onError = (file: UppyFile<UploadMeta, UploadBody> | undefined, error: { message: string }) =>
      onUploadError(file, error.message);
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    // Spec 000 §5 "60 s timeout": no progress for that long restarts the request (tus resumes it).
    const stallTimer = setInterval(() => {
      for (const file of uppy.getFiles()) {
        const started = file.progress.uploadStarted;
        if (!started || file.progress.uploadComplete || file.isPaused || file.error) continue;
        const last = lastProgressAt.get(file.id) ?? started;
        if (Date.now() - last > UPLOAD_STALL_TIMEOUT_MS) {
          lastProgressAt.set(file.id, Date.now());
          uppy.pauseResume(file.id);
          uppy.pauseResume(file.id);
        }
      }
    }, STALL_CHECK_EVERY_MS);
    return () => {
      clearInterval(stallTimer);
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
    };
  }, [uppy, lastProgressAt]);

  const busy = entries.some((entry) => busyPhases.includes(entry.phase));
  const reportBusy = useEffectEvent((value: boolean) => props.onBusyChange?.(value));
  useEffect(() => reportBusy(busy), [busy]);

  async function add(file: File, key: string, filesAlready: number) {
    const problem = fileProblem(file, config, filesAlready);
    if (problem) {
      update((entry) => entry.key === key, { phase: 'rejected', message: problem });
      return;
    }
    let checked: T | undefined;
    if (check) {
      const result = await check(file).catch((error: unknown): FileCheckResult<T> => ({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }));
      if (!result.ok) {
        update((entry) => entry.key === key, { phase: 'rejected', message: result.message });
        return;
      }
      checked = result.value;
    }
    if (config.image && file.type.startsWith('image/')) {
      const problem = await readImageSize(file).then(
        (size) => imageProblem(size, config.image),
        () => config.image!.message,
      );
      if (problem) {
        update((entry) => entry.key === key, { phase: 'rejected', message: problem });
        return;
      }
    }
    const name = renamedFile(file.name, config.rename);
    if (props.signed) {
      signedFiles.set(key, file);
      update((entry) => entry.key === key, { phase: 'uploading', name });
      try {
        const { content_url } = await uploadThroughSignedUrl(file, name, props.signed);
        update((entry) => entry.key === key, { phase: 'finishing', progress: 100 });
        await props.onUploaded({ file, name, uploadURL: content_url, checked });
        update((entry) => entry.key === key, { phase: 'done' });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        update((entry) => entry.key === key, { phase: 'failed', message });
        props.onFailed?.({ name }, message);
      }
      return;
    }
    try {
      const id = uppy.addFile({
        name,
        type: file.type,
        data: file,
        source: 'Local',
        meta: { name, type: file.type },
      });
      if (checked !== undefined) checkedValues.set(id, checked);
      update((entry) => entry.key === key, { phase: 'uploading', uppyId: id, name });
      await uppy.upload();
    } catch (error) {
      update((entry) => entry.key === key, {
        phase: 'rejected',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  function choose(files: readonly File[]) {
    const counted = entries.filter((entry) => entry.phase !== 'rejected').length;
    const added = files.map((file) => {
      entrySequence += 1;
      return {
        key: `upload-${entrySequence}`,
        name: file.name,
        size: file.size,
        phase: 'checking' as const,
        progress: 0,
      };
    });
    setEntries((current) => [...current, ...added]);
    files.forEach((file, index) => void add(file, added[index]!.key, counted + index));
  }

  const pauseResume = (entry: UploadEntry) => {
    if (!entry.uppyId) return;
    const paused = uppy.pauseResume(entry.uppyId);
    update((candidate) => candidate.key === entry.key, { phase: paused ? 'paused' : 'uploading' });
  };

  const retry = (entry: UploadEntry) => {
    const signedFile = signedFiles.get(entry.key);
    if (signedFile) {
      void add(signedFile, entry.key, 0);
      return;
    }
    const file = entry.uppyId ? uppy.getFile(entry.uppyId) : undefined;
    if (!file) return;
    if (file.progress.uploadComplete && file.uploadURL) {
      void complete(file, file.uploadURL);
      return;
    }
    update((candidate) => candidate.key === entry.key, { phase: 'uploading', message: undefined });
    void uppy.retryUpload(file.id);
  };

  const remove = (entry: UploadEntry) => {
    if (entry.uppyId && uppy.getFile(entry.uppyId)) uppy.removeFile(entry.uppyId);
    setEntries((current) => current.filter((candidate) => candidate.key !== entry.key));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    // Only files from the local file system (spec 000 §5).
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) choose(files);
  };

  const accept = config.allowedFileTypes?.join(',');
  const multiple = (config.maxNumberOfFiles ?? 1) > 1;
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        style={{ borderStyle: 'dashed', textAlign: 'center' }}
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            Drop {multiple ? 'files' : 'a file'} here or
          </Text>
          <FileButton
            onChange={(files) => choose(files === null ? [] : Array.isArray(files) ? files : [files])}
            accept={accept}
            multiple={multiple}
          >
            {(buttonProps) => <Button {...buttonProps}>{chooseLabel}</Button>}
          </FileButton>
        </Stack>
      </Paper>
      {entries.length > 0 && (
        <Stack gap="xs" aria-label="Uploads">
          {entries.map((entry) => (
            <UploadRow
              key={entry.key}
              entry={entry}
              onPauseResume={pauseResume}
              onRetry={retry}
              onRemove={remove}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
