import { within } from '@testing-library/react';
import { BASE_FORM_FIELDS, registrationFieldsHtml, type FormComponent } from '@studio/domain';
import { everyFieldForm as form } from '@studio/domain/testing';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../testing/render-widget.tsx';
import { emptyAnswers } from './registration-answers.ts';
import { RegistrationFormFields } from './registration-form-fields.tsx';

type Asked = FormComponent['type'] | 'base';
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
/** Its label shows the required mark. */
const marked = (label: Element | null | undefined) => label?.textContent?.endsWith(' *') ?? false;

/** A control's help text and the address it opens, as read from what describes the control. */
function helpOf(control: Element) {
  const about = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-description'))
    .map((id) => document.getElementById(id))[0];
  const link = about?.querySelector('a');
  return about
    ? {
        help: about.textContent,
        link: link && { href: link.getAttribute('href'), target: link.target, rel: link.rel },
      }
    : {};
}

/**
 * What a rendering asks for a field, found as a visitor finds it (by its label): the kind of
 * control, whether it is required, a radio's options; hidden fields not at all.
 */
function askedOf(container: HTMLElement, { label, type }: { label: string; type: Asked }) {
  const page = within(container);
  switch (type) {
    case 'hidden':
      return { label, shown: page.queryByText(label) !== null };
    case 'checkbox':
    case 'consent': {
      const box = page.getByRole<HTMLInputElement>('checkbox', { name: labelled(label) });
      return {
        label,
        control: 'checkbox',
        required: box.required && marked(box.labels?.[0]),
        ...helpOf(box),
      };
    }
    case 'radio': {
      const name = labelled(label);
      const group = page.queryByRole('radiogroup', { name }) ?? page.getByRole('group', { name });
      const legend =
        group.querySelector('legend') ?? document.getElementById(group.getAttribute('aria-labelledby') ?? '');
      const radios = within(group).getAllByRole('radio');
      return {
        label,
        control: 'radio',
        required: marked(legend),
        options: radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent?.trim()),
      };
    }
    case 'base':
    case 'textfield':
    case 'email':
    case 'phoneNumber':
    case 'number':
    case 'datetime':
    case 'textarea':
    case 'select':
    case 'country': {
      // A select (one option, many, or a country): the page's native select or boxes, the preview's combobox.
      const group = page.queryByRole('group', { name: labelled(label) });
      if (group) return { label, control: 'choice', required: marked(group.querySelector('legend')) };
      // A combobox's option list (in place, in the tests' theme) is named by its field's label too.
      const [control] = page
        .getAllByLabelText<HTMLInputElement>(labelled(label))
        .filter((element) => element.getAttribute('role') !== 'listbox');
      if (!control) throw new Error(`No control for ${label}`);
      const choice = control.tagName === 'SELECT' || control.getAttribute('role') === 'combobox';
      return {
        label,
        control: choice ? 'choice' : control.tagName === 'TEXTAREA' ? 'textarea' : control.type,
        required: marked(control.labels?.[0]),
        ...helpOf(control),
      };
    }
  }
}

const fields = [
  ...BASE_FORM_FIELDS.map(({ label }) => ({ label, type: 'base' as const })),
  ...form.components,
];

describe("the attendee page's HTML form and the studio's preview", () => {
  it('ask the same fields: labels, controls, required marks, help and its link, options; neither shows hidden fields', () => {
    const html = document.createElement('div');
    html.innerHTML = registrationFieldsHtml(form);
    document.body.append(html);
    const preview = renderWidget(
      <RegistrationFormFields form={form} values={emptyAnswers(form)} onChange={() => undefined} />,
    ).container;

    const asked = fields.map((field) => askedOf(html, field));
    expect(fields.map((field) => askedOf(preview, field))).toEqual(asked);
    // And they are what the form says.
    expect(asked).toContainEqual({ label: 'First name', control: 'text', required: true });
    expect(asked).toContainEqual({ label: 'Phone', control: 'tel', required: true });
    expect(asked).toContainEqual({ label: 'Arrival', control: 'date', required: false });
    expect(asked).toContainEqual({ label: 'Topics', control: 'choice', required: false });
    expect(asked).toContainEqual({
      label: 'Track',
      control: 'radio',
      required: true,
      options: ['Builders & makers', 'Leaders'],
    });
    expect(asked).toContainEqual({
      label: 'I agree to the terms',
      control: 'checkbox',
      required: true,
      help: 'Read them first.',
      link: { href: 'https://example.com/terms?lang=en&v=2', target: '_blank', rel: 'noopener noreferrer' },
    });
    expect(asked).toContainEqual({
      label: 'Company <b>',
      control: 'text',
      required: true,
      help: 'Where you work',
      link: null,
    });
    expect(asked).toContainEqual({ label: 'utm_source', shown: false });
    html.remove();
  });
});
