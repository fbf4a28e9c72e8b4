import { BLANK_EMAIL_TEMPLATE } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../testing/render-widget.tsx';
import { blankEmailDocument, emailDocumentOf, type EmailDocument } from './email-document.ts';
import { EmailEditor } from './email-editor.tsx';
import { compileEmailHtml } from './email-html.ts';
import { previewValuesOf } from './merge-fields.ts';

const typist = () => userEvent.setup({ delay: null });

/** The editor over a document it changes; `latest()` is the document as edited so far. */
function openEditor(initial: EmailDocument = blankEmailDocument()) {
  let latest = initial;
  function Harness() {
    const [document, setDocument] = useState(initial);
    return (
      <EmailEditor
        document={document}
        onChange={(changed) => {
          latest = changed;
          setDocument(changed);
        }}
        preview={previewValuesOf(null, 'Acme')}
      />
    );
  }
  renderWidget(<Harness />);
  return { latest: () => latest, html: () => compileEmailHtml(latest) };
}

async function addBlock(name: string, list = 'Email blocks') {
  const user = typist();
  // Its name starts with its visible text (WCAG 2.5.3), then says the list.
  const opener = screen.getByRole('button', { name: `Add block to ${list}` });
  await user.click(opener);
  // The menu this button opened: a previous add's menu may still be closing, with the same items.
  const menu = await waitFor(() => {
    const opened = document.getElementById(opener.getAttribute('aria-controls') ?? '');
    expect(opened).not.toBeNull();
    return opened as HTMLElement;
  });
  await user.click(await within(menu).findByRole('menuitem', { name, hidden: true }));
}

const preview = () => screen.getByTitle<HTMLIFrameElement>('Email preview');

describe('email editor', () => {
  it('compiles the magic-link button, the check-in QR code and the event location to their merge fields', async () => {
    const editor = openEditor();
    await addBlock('Magic link button');
    await addBlock('Check-in QR code');
    await addBlock('Event location');
    const html = editor.html();
    expect(html).toMatch(/<a href="\{\{ magic_link \}\}"[^>]*>Join the event<\/a>/);
    expect(html).toMatch(/<img src="\{\{ checkin_qrcode \}\}" alt="Check-in QR code" width="160"/);
    expect(html).toContain('{{ event_location }}');
    expect(html.indexOf('magic_link')).toBeLessThan(html.indexOf('checkin_qrcode'));
    // The outline lists the blocks in order; the preview shows samples, never the raw tags.
    const outline = screen.getByRole('list', { name: 'Email blocks' });
    expect(within(outline).getAllByRole('listitem')).toHaveLength(3);
    expect(preview().getAttribute('sandbox')).toBe('');
    expect(preview().getAttribute('srcdoc')).not.toContain('{{');
    expect(preview().getAttribute('srcdoc')).toContain('Main Hall');
  });

  it('edits the selected block and escapes what the organiser types', async () => {
    const user = typist();
    const editor = openEditor();
    await addBlock('Button');
    const label = screen.getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'Save <your> seat');
    const link = screen.getByRole('textbox', { name: 'Link' });
    await user.clear(link);
    await user.type(link, 'https://example.com/?a=1&b="2"');
    expect(editor.html()).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(editor.html()).toContain('>Save &lt;your&gt; seat</a>');
  });

  it('lays out columns side by side as table cells that stack on phones, each with its own blocks', async () => {
    const user = typist();
    const editor = openEditor();
    await addBlock('Columns');
    await user.click(screen.getByRole('radio', { name: '3' }));
    await addBlock('Magic link button', 'Column 3 blocks');
    const html = editor.html();
    expect(html.match(/<td class="email-column" width="33%"/g)).toHaveLength(3);
    expect(html).toContain('@media only screen and (max-width:620px)');
    const columns = editor.latest().blocks[0];
    expect(columns?.type === 'columns' && columns.columns[2]?.map((block) => block.type)).toEqual([
      'magic_link',
    ]);
  });

  describe('in a column narrower than the email', () => {
    it('scales the preview down to fit it at both widths, nothing cut off', async () => {
      // Every observed element reports a 400 px wide column (jsdom lays nothing out).
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private readonly report: ResizeObserverCallback) {}
          observe(target: Element) {
            const size = [{ inlineSize: 400, blockSize: 700 }];
            const entry = { target, borderBoxSize: size, contentBoxSize: size, contentRect: {} };
            this.report([entry as unknown as ResizeObserverEntry], this);
          }
          unobserve() {}
          disconnect() {}
        },
      );
      openEditor();
      const shown = () => preview().parentElement!.style;
      await waitFor(() => expect(shown().width).toBe('400px'));
      // The desktop layout (640 px) scaled to the column's 400 px, its height with it.
      expect(preview().style.width).toBe('640px');
      expect(preview().style.transform).toBe('scale(0.625)');
      expect(shown().height).toBe('400px');
      await typist().click(screen.getByRole('radio', { name: 'Phone' }));
      expect(shown().width).toBe('375px');
      expect(preview().style.transform).toBe('scale(1)');
    });
  });

  it('deletes a block and switches the preview to a phone width', async () => {
    const user = typist();
    const editor = openEditor();
    await addBlock('Divider');
    await addBlock('Spacer');
    await user.click(screen.getByRole('button', { name: 'Delete Divider 1' }));
    expect(editor.latest().blocks.map((block) => block.type)).toEqual(['spacer']);
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(preview().dataset.width).toBe('phone');
  });

  it('opens a stored document as it was, the blank and default templates, and keeps the HTML of any other', () => {
    const stored = { ...blankEmailDocument(), blocks: [{ id: 'b1', type: 'spacer', height: 10 }] };
    expect(emailDocumentOf(stored)).toEqual(stored);
    const blank = emailDocumentOf(BLANK_EMAIL_TEMPLATE.email_json);
    expect(blank.blocks.map((block) => block.type)).toEqual(['text', 'text', 'button']);
    expect(blank.blocks.every((block) => block.id.length > 0)).toBe(true);
    expect(compileEmailHtml(blank)).toContain('href="{{ magic_link }}"');
    // A default template as the server seeds it: its HTML in one block, kept as written.
    const seeded = emailDocumentOf({
      version: 1,
      blocks: [{ type: 'html', html: '<p>{{ event_time }}</p>' }],
    });
    expect(compileEmailHtml(seeded)).toContain('<p>{{ event_time }}</p>');
    // Another format keeps the template's HTML rather than losing it on the next save.
    const other = emailDocumentOf({ version: 2, pages: [] }, '<p>Hello {{ first_name }}</p>');
    expect(other.blocks).toEqual([
      expect.objectContaining({ type: 'html', html: '<p>Hello {{ first_name }}</p>' }),
    ]);
    expect(emailDocumentOf({ version: 2, pages: [] })).toEqual(blankEmailDocument());
    expect(emailDocumentOf(null).blocks).toEqual([]);
  });
});
