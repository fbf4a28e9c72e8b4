import {
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  BRANDING_TIMINGS,
  brandingMessages,
  BRANDING_UPLOADS,
  eventBrandingShape,
  filesMessages,
  imageProblem,
  UPLOAD_PRESETS,
  type BrandingUpload,
  type BrandingUploadName,
} from '@studio/domain';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { studioApi } from '../../api/studio-api.ts';
import { LabelledControl } from '../../ui/labelled-control.tsx';
import { matchesType, readImageSize } from '../../ui/file-uploader-rules.ts';
import { uploadThroughSignedUrl } from '../../ui/signed-upload.ts';
import { showToast } from '../../ui/toast.ts';

/**
 * A value typed locally and handed on after `delayMs` of quiet (002 §9 debounces), or at once when
 * the field is left (so a Save clicked right after typing saves what was typed).
 */
function useDebouncedValue<T>(value: T, onChange: (value: T) => void, delayMs: number) {
  const [local, setLocal] = useState(value);
  const [outside, setOutside] = useState(value);
  const commit = useDebouncedCallback(onChange, { delay: delayMs, flushOnUnmount: true });
  // A change from outside (a toggle refilling the text) replaces what is shown.
  if (value !== outside) {
    setOutside(value);
    setLocal(value);
  }
  return [
    local,
    (next: T, valid = true) => {
      setLocal(next);
      if (valid) commit(next);
      else commit.cancel();
    },
    commit.flush,
  ] as const;
}

/** The tooltip of a control locked within the hour before the start (002 §5.4). */
export function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <Tooltip label={brandingMessages.locked} disabled={!locked} maw={254} multiline withinPortal>
      <div>{children}</div>
    </Tooltip>
  );
}

/** The colour rule of the domain's schema: 'Invalid RGBA color value.' and the like, or null. */
const colorError = (value: string): string | null =>
  eventBrandingShape.theme_secondary_color.safeParse(value).error?.issues[0]?.message ?? null;

/** A colour picker taking 3/6/8-digit hex or rgba, handed on after 200 ms (002 §5.2, §9). */
export function ColorField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const [local, setLocal, flush] = useDebouncedValue(value, onChange, BRANDING_TIMINGS.colorDebounceMs);
  const problem = colorError(local);
  return (
    <ColorInput
      label={label}
      format="rgba"
      value={local}
      fixOnBlur={false}
      withEyeDropper={false}
      disabled={disabled}
      error={problem}
      onChange={(next) => setLocal(next, colorError(next) === null)}
      onBlur={flush}
    />
  );
}

/** A branding text field handed on after a quiet `delayMs`; a textarea when `rows` is given. */
export function BrandingTextField({
  label,
  value,
  onChange,
  maxLength,
  error,
  disabled,
  rows,
  placeholder,
  delayMs = BRANDING_TIMINGS.textDebounceMs,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  error?: string | null | undefined;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
  /** 500 ms for text (002 §9); the web font checks use 200 ms. */
  delayMs?: number;
}) {
  const [local, setLocal, flush] = useDebouncedValue(value, onChange, delayMs);
  const shared = { label, maxLength, error, disabled, placeholder, value: local, onBlur: flush };
  const counter = maxLength !== undefined ? `${local.length}/${maxLength}` : undefined;
  return rows ? (
    <Textarea
      {...shared}
      description={counter}
      rows={rows}
      onChange={(event) => setLocal(event.currentTarget.value)}
    />
  ) : (
    <TextInput {...shared} description={counter} onChange={(event) => setLocal(event.currentTarget.value)} />
  );
}

/**
 * Uploads one file of an upload place through the general file upload after the browser's checks
 * of its preset (type, image size; 002 §5.6), answering its content URL; a refusal shows the
 * preset's message, a failure 'File Upload Failed'. `scope`: `events/{id}` or `organization`.
 */
export async function uploadBrandingFile(
  file: File,
  upload: BrandingUploadName,
  scope: string,
): Promise<string | null> {
  const { preset, accept } = BRANDING_UPLOADS[upload];
  const rule = UPLOAD_PRESETS[preset];
  if (!matchesType(file, accept)) {
    showToast(filesMessages.notAccepted, 'error');
    return null;
  }
  if ('image' in rule) {
    const problem = await readImageSize(file).then(
      (size) => imageProblem(size, rule.image),
      () => filesMessages.unreadable,
    );
    if (problem) {
      showToast(problem, 'error');
      return null;
    }
  }
  try {
    const name = `${crypto.randomUUID()}${file.name.slice(file.name.lastIndexOf('.'))}`;
    return (await uploadThroughSignedUrl(file, name, { api: studioApi, scope, preset })).content_url;
  } catch (error) {
    const refused = error instanceof ApiRequestError && error.status < 500;
    showToast(refused ? error.message : brandingMessages.fileUploadFailed, 'error');
    return null;
  }
}

/** The upload button of one upload place; `onUploaded` gets the content URL. */
export function UploadButton({
  label,
  upload,
  scope,
  onUploaded,
  disabled,
}: {
  label: string;
  upload: BrandingUploadName;
  scope: string;
  onUploaded: (url: string) => void;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function send(file: File | null) {
    if (!file) return;
    setBusy(true);
    const url = await uploadBrandingFile(file, upload, scope);
    setBusy(false);
    if (url) onUploaded(url);
  }
  return (
    <FileButton
      onChange={(file) => void send(file)}
      accept={BRANDING_UPLOADS[upload].accept.join(',')}
      disabled={disabled}
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          loading={busy}
          disabled={disabled}
          leftSection={<IconUpload size={16} aria-hidden />}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** The hint of an upload place: accepted types and sizes (002 §5.6). */
export function uploadHint(upload: BrandingUploadName): string {
  const place: BrandingUpload = BRANDING_UPLOADS[upload];
  const size = (limit: { width: number; height: number }) => `${limit.width}x${limit.height}`;
  return [
    place.accept.join(', '),
    place.transparent && 'transparent',
    place.min && `min ${size(place.min)}`,
    place.max && `max ${size(place.max)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One image of the branding (logo, favicon …): its preview, upload with the preset, remove. */
export function ImageField({
  label,
  value,
  onChange,
  upload,
  scope,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  upload: BrandingUploadName;
  scope: string;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {uploadHint(upload)}
      </Text>
      {value && <Image src={value} alt={label} h={80} w="auto" fit="contain" />}
      <Group gap="xs">
        <UploadButton
          label={value ? 'Replace' : 'Upload'}
          upload={upload}
          scope={scope}
          onUploaded={onChange}
        />
        {value && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A choice of a few named values as a segmented control with a label. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <LabelledControl label={label}>
      {(labelId) => (
        <SegmentedControl
          aria-labelledby={labelId}
          value={value}
          data={options.map((option) => ({ ...option }))}
          onChange={(next) => onChange(next)}
          disabled={disabled}
          fullWidth
        />
      )}
    </LabelledControl>
  );
}

/** A choice of a few named values as radio buttons with a label, one a line. */
export function RadioChoice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
