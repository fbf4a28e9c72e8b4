import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { linter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import {
  CODE_AREA_LIMITS,
  CODE_AREA_LINT_WAIT_MS,
  CODE_AREA_TITLES,
  codeAreaLanguage,
  codeAreaMessages,
  isOverCodeAreaLimit,
  type CodeArea,
} from '@studio/domain';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../ui/toast.ts';
import { lintInWorker } from './code-lint-client.ts';
import { framedText, innerCode } from './editor-text.ts';

export interface CodeAreaEditorProps {
  area: CodeArea;
  /** The saved code (what lies between the read-only first and last lines). */
  code: string;
  /** Saves; a rejection keeps the editor open with a red border (its toast is the caller's). */
  onSave: (code: string) => Promise<unknown>;
  /** The tracking snippet: a failed save restores the previous content (002 §7.2). */
  revertOnFailure?: boolean;
}

/** Changes may not touch the first or the last line (002 §2.4, §5.8). */
const frameLinesReadOnly = EditorState.changeFilter.of((transaction) => {
  const { doc } = transaction.startState;
  return [0, doc.line(1).to, doc.line(doc.lines).from, doc.length];
});

/**
 * Editable, or read-only code that is still in the tab order: a keyboard reaches the saved code
 * and scrolls it (a long line scrolls sideways on a phone).
 */
const editableAs = (edit: boolean) => [
  EditorState.readOnly.of(!edit),
  EditorView.editable.of(edit),
  edit ? [] : EditorView.contentAttributes.of({ tabindex: '0' }),
];

/**
 * A code area's editor (001 §4, §5; 002 §2.4): view (read-only) → Edit → Save; Cancel restores
 * the saved code; Save is disabled until something changed; a refused save or validation gives a
 * red border. HTMLHint/JSHint and the domain's rules lint in a worker, 200 ms after typing stops.
 */
export function CodeAreaEditor({ area, code, onSave, revertOnFailure = false }: CodeAreaEditorProps) {
  const title = CODE_AREA_TITLES[area];
  const limit = CODE_AREA_LIMITS[area];
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const editable = useRef(new Compartment());
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState(code);

  useEffect(() => {
    if (!host.current) return;
    const lint = linter(
      async (editor): Promise<Diagnostic[]> =>
        (await lintInWorker(area, editor.state.doc.toString())).map((finding) => ({
          ...finding,
          severity: 'error',
        })),
      { delay: CODE_AREA_LINT_WAIT_MS },
    );
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: framedText(area, code),
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          codeAreaLanguage(area) === 'html' ? html() : javascript(),
          lint,
          frameLinesReadOnly,
          editable.current.of(editableAs(false)),
          EditorView.contentAttributes.of({ 'aria-label': codeAreaMessages.editorLabel(title) }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) setDraft(innerCode(area, update.state.doc.toString()));
          }),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
    // The saved code is put back by `show`, not by rebuilding the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [area]);

  /** Puts code into the editor, editable or not. */
  function show(next: string, edit: boolean) {
    const current = view.current;
    if (!current) return;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: framedText(area, next) },
      effects: editable.current.reconfigure(editableAs(edit)),
      filter: false,
    });
    setEditing(edit);
  }

  // A newly saved or loaded code shows when not editing.
  useEffect(() => {
    if (!editing) show(code, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  async function save() {
    const text = view.current?.state.doc.toString() ?? '';
    const failed = (message: string) => {
      setInvalid(true);
      showToast(message, 'error');
    };
    if (isOverCodeAreaLimit(area, draft)) return failed(codeAreaMessages.limitExceeded(title));
    if ((await lintInWorker(area, text)).length > 0) return failed(codeAreaMessages.unresolvedError(title));
    setSaving(true);
    try {
      await onSave(draft);
      setInvalid(false);
      show(draft, false);
    } catch {
      setInvalid(true);
      if (revertOnFailure) show(code, true);
    } finally {
      setSaving(false);
    }
  }

  const cancel = () => {
    setInvalid(false);
    show(code, false);
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {limit > 0 && (
          <Text size="sm" c={draft.length > limit ? 'red' : 'dimmed'} data-over-limit={draft.length > limit}>
            {draft.length} / {limit}
          </Text>
        )}
      </Group>
      <Box
        ref={host}
        data-invalid={invalid}
        style={{
          border: `1px solid var(--mantine-color-${invalid ? 'red-6' : 'gray-4'})`,
          borderRadius: 4,
          overflow: 'hidden',
        }}
      />
      <Group justify="flex-end" mt="sm">
        {editing ? (
          <>
            <Button variant="default" onClick={cancel} disabled={saving}>
              {codeAreaMessages.cancel}
            </Button>
            <Button onClick={() => void save()} disabled={draft === code} loading={saving}>
              {codeAreaMessages.save}
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            onClick={() => show(code, true)}
            aria-label={`${codeAreaMessages.edit} ${title}`}
          >
            {codeAreaMessages.edit}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
