import { Button, FileButton, Group, Image, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../api/api-error.ts';
import { studioApi } from '../api/studio-api.ts';
import { uploadThroughSignedUrl } from './signed-upload.ts';
import { TextField } from './text-field.tsx';

/**
 * An image by URL; with `uploadScope` (organisers: `events/{id}`) also uploaded through the general
 * file upload, whose content URL fills the field.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
  error,
  uploadScope,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  uploadScope?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file || !uploadScope) return;
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadThroughSignedUrl(file, file.name, { api: studioApi, scope: uploadScope });
      onChange(stored.content_url);
    } catch (failure) {
      setUploadError(failureMessage(failure));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <TextField
          label={label}
          value={value}
          onChange={onChange}
          error={error ?? uploadError ?? undefined}
          flex={1}
        />
        {uploadScope && (
          <FileButton
            onChange={(file) => void upload(file)}
            accept="image/png,image/jpeg,image/gif,image/webp"
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={uploading}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                Upload
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {value && <Image src={value} alt={`${label} preview`} h={80} w="auto" fit="contain" />}
    </Stack>
  );
}
