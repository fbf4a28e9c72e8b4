import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  EMAIL_SUBJECT_MAX,
  EMAIL_TEMPLATE_NAME_MAX,
  emailSchema,
  emailTemplateMessages,
  messages,
  type EmailTemplate,
} from '@studio/domain';
import { IconArrowLeft, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { useDiscardQuestion } from '../../ui/discard-question.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import {
  canSendTestEmail,
  useEmailTemplate,
  useSaveEmailTemplate,
  useSendTestEmail,
  type EmailOwner,
} from './email-api.ts';
import { emailDocumentOf, type EmailDocument } from './email-document.ts';
import { EmailEditor } from './email-editor.tsx';
import { compileEmailHtml } from './email-html.ts';
import { usePreviewValues, type PreviewValues } from './merge-fields.ts';
import { SendToRegistrants } from './send-to-registrants.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

interface Draft {
  name: string;
  subject: string;
  document: EmailDocument;
}

const draftOf = (template: EmailTemplate): Draft => ({
  name: template.name,
  subject: template.subject,
  document: emailDocumentOf(template.email_json, template.email_html),
});

/** Comma- or space-separated addresses, as typed. */
const addressesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

const isAddress = (word: string) => emailSchema.safeParse(word).success;

/**
 * The first typed entry that is not an email address by the API's rule, whole as typed (null: all
 * are): the words between two addresses, 'not an email', not only its first word 'not'.
 */
const firstInvalidEntry = (text: string) => {
  for (const entry of text.split(/[,;]+/)) {
    const words = entry.split(/\s+/).filter(Boolean);
    const start = words.findIndex((word) => !isAddress(word));
    if (start === -1) continue;
    const end = words.findIndex((word, at) => at > start && isAddress(word));
    return words.slice(start, end === -1 ? undefined : end).join(' ');
  }
  return null;
};

function Editor({
  template,
  owner,
  preview,
  uploadScope,
  onBack,
}: {
  template: EmailTemplate;
  owner: EmailOwner;
  preview: PreviewValues;
  uploadScope: string;
  onBack: () => void;
}) {
  const [saved, setSaved] = useState(() => draftOf(template));
  const [draft, setDraft] = useState(saved);
  const [nameError, setNameError] = useState<string | null>(null);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [testRecipients, setTestRecipients] = useState('');
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const dirty = draft !== saved;
  const leave = useDiscardQuestion(() => dirty, onBack);
  const save = useSaveEmailTemplate(template.id, (error) => {
    setNameError(null);
    showToast(failureMessage(error), 'error');
  });
  const sendTest = useSendTestEmail(owner);

  // Name and subject are required (the server refuses them empty too): an email without a subject
  // would go out, test emails first.
  const isComplete = () => {
    setNameError(draft.name.trim() ? null : messages.fieldRequired);
    setSubjectError(draft.subject.trim() ? null : messages.fieldRequired);
    return Boolean(draft.name.trim() && draft.subject.trim());
  };
  const saveDraft = async () => {
    if (!isComplete()) return false;
    const kept = draft;
    await save.mutateAsync({
      name: kept.name.trim(),
      subject: kept.subject.trim(),
      email_json: kept.document,
      email_html: compileEmailHtml(kept.document),
    });
    setSaved(kept);
    setDraft(kept);
    return true;
  };
  // A send uses the saved template: unsaved changes are saved first.
  const savedFirst = async () => !dirty || (await saveDraft().catch(() => false));
  const sendTestEmail = async () => {
    const emails = addressesOf(testRecipients);
    const invalid = firstInvalidEntry(testRecipients);
    if (invalid !== null) {
      setRecipientsError(emailTemplateMessages.invalidTestAddress(invalid));
      return;
    }
    if (!isComplete() || !(await savedFirst())) return;
    sendTest.mutate({ templateId: template.id, ...(emails.length > 0 && { emails }) });
  };

  return (
    <Stack>
      <PageHeader
        title={saved.name}
        description="Add blocks, edit them beside the list, and check the preview at both widths."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={leave.requestClose}
            >
              Back to templates
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={save.isPending}
              disabled={!dirty}
              onClick={() => void saveDraft().catch(() => undefined)}
            >
              Save
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          label="Name"
          withAsterisk
          value={draft.name}
          maxLength={EMAIL_TEMPLATE_NAME_MAX}
          error={nameError ?? undefined}
          onChange={(name) => setDraft({ ...draft, name })}
        />
        <TextField
          label="Subject"
          withAsterisk
          value={draft.subject}
          maxLength={EMAIL_SUBJECT_MAX}
          error={subjectError ?? undefined}
          onChange={(subject) => {
            setDraft({ ...draft, subject });
            setSubjectError(null);
          }}
        />
      </SimpleGrid>
      {canSendTestEmail(owner) && (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Send a test to"
            description="Registered users' addresses; empty sends it to you."
            placeholder="you@example.com"
            value={testRecipients}
            error={recipientsError}
            onChange={(change) => {
              setTestRecipients(change.currentTarget.value);
              setRecipientsError(null);
            }}
            style={{ flex: 1 }}
            miw={220}
          />
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sendTest.isPending}
            onClick={() => void sendTestEmail()}
          >
            Send test email
          </Button>
          {owner.context !== 'event_template' && (
            <SendToRegistrants
              owner={{ context: owner.context, id: owner.id }}
              templateId={template.id}
              beforeSend={savedFirst}
            />
          )}
        </Group>
      )}
      <EmailEditor
        document={draft.document}
        onChange={(document) => setDraft({ ...draft, document })}
        preview={preview}
        uploadScope={uploadScope}
      />
      {leave.question}
    </Stack>
  );
}

/** One email template in the visual editor (`?emailTemplateId=` on an email templates page). */
export function TemplateEditorPage({
  templateId,
  owner,
  uploadScope,
  onBack,
}: {
  templateId: string;
  owner: EmailOwner;
  uploadScope: string;
  onBack: () => void;
}) {
  const template = useEmailTemplate(templateId);
  const preview = usePreviewValues(owner);
  useFailureToast(template.isError, emailTemplateMessages.templateFetchingFailed);
  if (template.isError) {
    return (
      <Stack align="flex-start">
        <ErrorAlert>{emailTemplateMessages.templateFetchingFailed}</ErrorAlert>
        <Button variant="default" onClick={onBack}>
          Back to templates
        </Button>
      </Stack>
    );
  }
  if (!template.data || !preview) {
    return <Loading label="Loading the email template" />;
  }
  return (
    <Editor
      template={template.data}
      owner={owner}
      preview={preview}
      uploadScope={uploadScope}
      onBack={onBack}
    />
  );
}
