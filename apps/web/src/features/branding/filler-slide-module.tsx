import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import {
  FILLER_SLIDE_ERRORS,
  brandingMessages,
  fillerSlideMessages,
  fillerSlideStatus,
  type BrandingPatch,
  type FillerSlideError,
} from '@studio/domain';
import { useState } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { showToast } from '../../ui/toast.ts';
import type { BrandingSubject } from './branding-api.ts';
import { FillerSlideDialog } from './filler-slide-dialog.tsx';
import { useFillerSlide } from './filler-slides-api.ts';

/** The refusal's own text for a filler slide code, else the editor's failure toast. */
const saveFailure = (error: unknown) => {
  const code = error instanceof ApiRequestError ? error.code : null;
  return code && code in FILLER_SLIDE_ERRORS
    ? FILLER_SLIDE_ERRORS[code as FillerSlideError]
    : brandingMessages.updateFailed;
};

/**
 * Spec 002 §2.2 "Filler slide": the image shown on stage before pre-recorded videos start and after
 * they end, made into a video by the server. Props as the Buffer Video module's.
 */
export function FillerSlideModule({
  subject,
  onSave,
}: {
  subject: BrandingSubject;
  onSave: (patch: BrandingPatch) => Promise<void>;
}) {
  const [picking, setPicking] = useState(false);
  const chosen = useFillerSlide(subject.fillerSlideId);

  async function save(id: string | null): Promise<boolean> {
    try {
      await onSave({ filler_slide: id });
      showToast(brandingMessages.saved, 'success');
      return true;
    } catch (error) {
      showToast(saveFailure(error), 'error');
      return false;
    }
  }

  return (
    <Card withBorder padding="lg" style={{ flex: 1 }} aria-labelledby="filler-slide-title">
      <Stack gap="sm">
        <Title id="filler-slide-title" order={3} size="h5">
          {fillerSlideMessages.moduleTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {fillerSlideMessages.moduleHelp}
        </Text>
        {chosen.isError && <Text c="red">{fillerSlideMessages.loadFailed}</Text>}
        {chosen.data && (
          <Group>
            <Image src={chosen.data.image_url} alt="" w={160} h={90} fit="cover" radius="sm" />
            <Stack gap={2}>
              <Text data-testid="chosen-filler-slide">{chosen.data.file_name}</Text>
              <Text size="sm" c="dimmed">
                {fillerSlideStatus(chosen.data.broadcast_filler_state)}
              </Text>
            </Stack>
          </Group>
        )}
        <Group>
          <Button onClick={() => setPicking(true)}>{fillerSlideMessages.dialogTitle}</Button>
          {subject.fillerSlideId && (
            <Button variant="default" onClick={() => void save(null)}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
      <FillerSlideDialog
        opened={picking}
        onClose={() => setPicking(false)}
        selectedId={subject.fillerSlideId}
        workspaceId={subject.workspaceId}
        onSelect={async (id) => {
          const saved = await save(id);
          if (saved) setPicking(false);
          return saved;
        }}
      />
    </Card>
  );
}
