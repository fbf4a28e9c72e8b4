import { Anchor, Badge, Button, FileButton, Group, Loader, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { studioApi } from '../../api/studio-api.ts';
import { uploadThroughSignedUrl } from '../../ui/signed-upload.ts';
import { TextField } from '../../ui/text-field.tsx';
import { sessionDocumentsQuery, useAddSessionDocument, useRemoveSessionDocument } from './agenda-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';
import { DrawerSection } from '../../ui/drawer-section.tsx';

/** What the document upload accepts (the files area's `document` preset: PDF and images). */
const ACCEPTS = 'application/pdf,image/png,image/jpeg,image/webp';

/**
 * The session's documents, in its drawer: files uploaded through the general upload and links,
 * shown to attendees in the event app's Docs tab. Each change is saved at once, not with the form.
 */
export function SessionDocuments({ eventId, sessionId }: { eventId: string; sessionId: string | null }) {
  return (
    <DrawerSection title="Documents" saved={sessionId} unsaved="Save the session to attach documents to it.">
      {(savedId) => <AttachedDocuments eventId={eventId} sessionId={savedId} />}
    </DrawerSection>
  );
}

function AttachedDocuments({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const documents = useQuery(sessionDocumentsQuery(eventId, sessionId));
  const add = useAddSessionDocument(eventId, sessionId);
  const remove = useRemoveSessionDocument(eventId, sessionId);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      // Stored names keep to letters, digits, dots, dashes and underscores; the title keeps the file's name.
      const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
      const stored = await uploadThroughSignedUrl(file, name, {
        api: studioApi,
        scope: `events/${eventId}`,
        preset: 'document',
      });
      add.mutate({ kind: 'file', title: file.name.slice(0, 200), url: stored.content_url });
    } catch (failure) {
      setUploadError(failureMessage(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      {documents.isPending && <Loader size="sm" aria-label="Loading the session’s documents" />}
      {documents.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No documents in this session yet.
        </Text>
      )}
      {documents.data?.map((document) => (
        <Group key={document.id} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge variant="light" size="sm">
              {document.kind === 'file' ? 'File' : 'Link'}
            </Badge>
            <Anchor href={document.url} target="_blank" rel="noopener noreferrer" size="sm" truncate>
              {document.title}
            </Anchor>
          </Group>
          <DeleteIconButton
            label={`Remove ${document.title} from the session`}
            loading={remove.isPending && remove.variables === document.id}
            onClick={() => remove.mutate(document.id)}
          />
        </Group>
      ))}
      <FileButton onChange={(file) => void upload(file)} accept={ACCEPTS}>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading}>
            Upload a file
          </Button>
        )}
      </FileButton>
      {uploadError && (
        <Text size="sm" c="red" role="alert">
          {uploadError}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextField label="Link title" value={title} onChange={setTitle} maxLength={200} />
        <TextField
          label="Link address"
          placeholder="https://"
          value={url}
          onChange={setUrl}
          maxLength={2000}
        />
        <Button
          variant="light"
          disabled={!title.trim() || !url.trim()}
          loading={add.isPending && add.variables.kind === 'link'}
          onClick={() =>
            add.mutate(
              { kind: 'link', title, url },
              {
                onSuccess: () => {
                  setTitle('');
                  setUrl('');
                },
              },
            )
          }
        >
          Add link
        </Button>
      </Group>
    </>
  );
}
