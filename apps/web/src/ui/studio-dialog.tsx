import { Button, Group, Modal, Stack } from '@mantine/core';
import { widgetMessages } from '@studio/domain';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Spec 000 §2 "Dialog sizes". */
export const DIALOG_SIZES = ['xsmall', 'small', 'medium', 'large', 'xlarge', '2xlarge', 'h-fit'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];

/** Widths of each size; 'h-fit' hugs its content. */
export const DIALOG_WIDTHS: Record<DialogSize, number | 'auto'> = {
  xsmall: 320,
  small: 420,
  medium: 560,
  large: 760,
  xlarge: 960,
  '2xlarge': 1200,
  'h-fit': 'auto',
};

export interface StudioDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: DialogSize;
  /** Ask 'Are you sure you want to close this dialog?' before closing (escape, outside click, ×). */
  preventClose?: boolean;
  /** The dialog's action beside a Cancel that closes it (`DialogActions`), under the content. */
  action?: DialogAction;
  /** In place of `action`, buttons of the dialog's own under the content, right-aligned. */
  footer?: ReactNode;
  children: ReactNode;
}

/** Spec 000 §2: the studio's dialog, with the spec's sizes and an optional close confirmation. */
export function StudioDialog({
  opened,
  onClose,
  title,
  size = 'medium',
  preventClose = false,
  action,
  footer = action && <DialogActions onCancel={onClose} {...action} />,
  children,
}: StudioDialogProps) {
  const [confirmingClose, setConfirmingClose] = useState(false);
  const requestClose = () => (preventClose ? setConfirmingClose(true) : onClose());
  const width = DIALOG_WIDTHS[size];
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={title}
        size={width === 'auto' ? 'auto' : width}
        centered
        data-size={size}
        closeOnEscape={!confirmingClose}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        // A field scrolled into view (a required one left empty, on a phone) shows with its label
        // under the sticky title, not behind it (Mantine's header is 3.75rem high, a label 1.5rem).
        styles={{ content: { scrollPaddingTop: 'calc(5.25rem * var(--mantine-scale))' } }}
      >
        <Stack>
          {children}
          {footer && <Group justify="flex-end">{footer}</Group>}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={opened && confirmingClose}
        message={widgetMessages.preventCloseQuestion}
        confirmLabel="Close"
        onCancel={() => setConfirmingClose(false)}
        onConfirm={() => {
          setConfirmingClose(false);
          onClose();
        }}
      />
    </>
  );
}

type DialogAction = {
  label: string;
  pending: boolean;
  disabled?: boolean;
  cancelDisabled?: boolean;
} & ({ onConfirm: () => void; form?: never } | { form: string; onConfirm?: never });

/**
 * A dialog's footer: Cancel (`cancelDisabled` while a pending action cannot be left) and the
 * dialog's action (`label`, loading while `pending`): `onConfirm`, or, given the id of the
 * dialog's `form`, that form's submit button — the browser then checks the form's own rules
 * first (a required field left empty is focused and scrolled into view, as in a drawer's form
 * with its Save inside it), and the form's `onSubmit` runs only once they hold.
 */
function DialogActions({
  onCancel,
  onConfirm,
  form,
  label,
  pending,
  disabled,
  cancelDisabled,
}: DialogAction & { onCancel: () => void }) {
  return (
    <>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      {form !== undefined ? (
        <Button type="submit" form={form} loading={pending} disabled={disabled}>
          {label}
        </Button>
      ) : (
        <Button onClick={onConfirm} loading={pending} disabled={disabled}>
          {label}
        </Button>
      )}
    </>
  );
}
