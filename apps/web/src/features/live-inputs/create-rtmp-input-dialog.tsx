import { createRtmpInputSchema, RTMP_INPUT_NAME_MAX_LENGTH } from '@studio/domain';
import { failureMessage } from '../../api/api-error.ts';
import { useCreateRtmpInput } from '../../api/event-rtmp-inputs.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, serverFieldErrors, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast.ts';

const FORM_ID = 'create-rtmp-input';
/** The popup checks the name; the event is the page's. */
const nameSchema = createRtmpInputSchema.pick({ name: true });

/** Spec 002 §2.5 create popup: a name; the server issues the stream keys. */
export function CreateRtmpInputDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const form = useStudioForm<{ name: string }>(nameSchema, { initialValues: { name: '' } });
  // 002 §8.3: a failed create (ERRORRED) shows the server's field error, else its message as a toast.
  const create = useCreateRtmpInput(eventId, {
    onCreated: onClose,
    onFailure: (error) => {
      const { name } = serverFieldErrors(error);
      if (name) form.setFieldError('name', name);
      else showToast(failureMessage(error), 'error');
    },
  });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Create input"
      size="small"
      action={{ form: FORM_ID, label: 'Create', pending: create.isPending }}
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={form.onSubmit((values) => create.mutate({ ...values, event: eventId }))}
      >
        <TextField
          label="Name"
          description="For example: Main stage encoder"
          required
          data-autofocus
          maxLength={RTMP_INPUT_NAME_MAX_LENGTH}
          {...fieldProps(form, 'name')}
        />
      </form>
    </StudioDialog>
  );
}
