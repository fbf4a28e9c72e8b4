import { EditorView } from '@codemirror/view';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../testing/render-widget.tsx';
import { CodeAreaEditor } from './code-area-editor.tsx';

const editorOf = (title: string) => {
  const content = screen.getByRole('textbox', { name: `${title} code` });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return view;
};
/** Save, once the change has reached it (it is disabled until then). */
async function clickSave(user: ReturnType<typeof userEvent.setup>) {
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toHaveProperty('disabled', false));
  await user.click(save);
}
const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

/** Types at the start of the stored code (the second line), as a person would. */
const typeInside = (view: EditorView, text: string) =>
  view.dispatch({ changes: { from: view.state.doc.line(2).from, insert: text }, userEvent: 'input' });

describe('code area editor', () => {
  it('view → edit → save; Save waits for a change; the toast is the caller’s', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderWidget(<CodeAreaEditor area="head" code="<title>x</title>" onSave={onSave} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(editorOf('Head').state.readOnly).toBe(true);
    // Read-only code is still reached by the keyboard (to read and scroll it).
    expect(screen.getByRole('textbox', { name: 'Head code' }).tabIndex).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Edit Head' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    typeInside(editorOf('Head'), '<meta name="a" content="b">');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('<meta name="a" content="b"><title>x</title>'));
    await screen.findByRole('button', { name: 'Edit Head' });
  });

  it('keeps the first and last lines read-only', async () => {
    renderWidget(<CodeAreaEditor area="form_submission" code="" onSave={() => Promise.resolve()} />);
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Edit Form Submission' }));
    const view = editorOf('Form Submission');
    view.dispatch({ changes: { from: 0, to: 8, insert: 'var x = ' } });
    view.dispatch({ changes: { from: view.state.doc.length - 1, to: view.state.doc.length, insert: '' } });
    expect(view.state.doc.toString()).toBe(
      'function onFormSubmission(submissionData, isReRegistration) {\n\n}',
    );
  });

  it('turns the counter red over the limit and blocks the save with the spec’s message', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderWidget(<CodeAreaEditor area="body" code="" onSave={onSave} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Body' }));
    typeInside(editorOf('Body'), `<!--${'x'.repeat(2000)}-->`);
    const counter = await screen.findByText('2007 / 2000');
    expect(counter.getAttribute('data-over-limit')).toBe('true');
    await clickSave(user);
    await waitFor(() => expect(toasts()).toContain('Character limit exceeded in the Body code area'));
    expect(onSave).not.toHaveBeenCalled();
    expect(document.querySelector('[data-invalid="true"]')).not.toBeNull();
  });

  it('refuses a restricted tag as an unresolved error, with a red border', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderWidget(<CodeAreaEditor area="head" code="" onSave={onSave} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Head' }));
    typeInside(editorOf('Head'), '<div></div>');
    await clickSave(user);
    await waitFor(() => expect(toasts()).toContain('Unresolved error in the Head code area'));
    expect(onSave).not.toHaveBeenCalled();
    expect(document.querySelector('[data-invalid="true"]')).not.toBeNull();
  });

  it('a failed save keeps editing with a red border; Cancel restores the saved code', async () => {
    renderWidget(
      <CodeAreaEditor area="body" code="<p>saved</p>" onSave={() => Promise.reject(new Error('no'))} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Body' }));
    typeInside(editorOf('Body'), '<p>new</p>');
    await clickSave(user);
    await waitFor(() => expect(document.querySelector('[data-invalid="true"]')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editorOf('Body').state.doc.toString()).toBe('<body>\n<p>saved</p>\n</body>');
    expect(document.querySelector('[data-invalid="true"]')).toBeNull();
  });

  it('the tracking snippet restores the previous content when its save fails', async () => {
    renderWidget(
      <CodeAreaEditor
        area="tracking_snippet"
        code='<img src="/a.gif">'
        onSave={() => Promise.reject(new Error('no'))}
        revertOnFailure
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Tracking Pixel Snippet' }));
    typeInside(editorOf('Tracking Pixel Snippet'), '<p>new</p>');
    await clickSave(user);
    await waitFor(() =>
      expect(editorOf('Tracking Pixel Snippet').state.doc.toString()).toBe(
        '<body>\n<img src="/a.gif">\n</body>',
      ),
    );
  });
});
