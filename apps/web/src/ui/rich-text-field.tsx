import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

/**
 * Spec 002 §5.2 rich text: headings 1-6, bold, italic, strike, lists, a rule, links (a prompt;
 * an empty address removes the link) and alignment; 300 px high by default. The server keeps
 * only these (platform/http/rich-text.ts).
 */
export function RichTextField({ label, value, onChange, error }: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        underline: false,
      }),
      Link,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value,
    // The editable text is the textbox a person (and a screen reader) knows by the field's label.
    editorProps: { attributes: { 'aria-label': label } },
    immediatelyRender: false,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  return (
    <Input.Wrapper label={label} error={error}>
      <RichTextEditor editor={editor} aria-label={label}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.H5 />
            <RichTextEditor.H6 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <RichTextEditor.AlignJustify />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={300} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
