import { choiceOptions, type FormComponent, formKeyOf, PROFILE_FIELDS } from '@studio/domain';

/** A field the builder can add: its palette label and the component it starts as. */
export interface PaletteItem {
  label: string;
  component: Omit<FormComponent, 'key'> & { key?: string };
}

const sampleOptions = choiceOptions(['option_1', 'Option 1'], ['option_2', 'Option 2']);

/** The field types of issue 16 §1. */
export const FIELD_TYPES: readonly PaletteItem[] = [
  { label: 'Text', component: { type: 'textfield', label: 'Text' } },
  { label: 'Email', component: { type: 'email', label: 'Email address' } },
  { label: 'Number', component: { type: 'number', label: 'Number' } },
  { label: 'Phone', component: { type: 'phoneNumber', label: 'Phone' } },
  { label: 'Paragraph', component: { type: 'textarea', label: 'Paragraph' } },
  { label: 'Select', component: { type: 'select', label: 'Select', data: sampleOptions } },
  {
    label: 'Multi-select',
    component: { type: 'select', multiple: true, label: 'Multi-select', data: sampleOptions },
  },
  { label: 'Radio', component: { type: 'radio', label: 'Radio', data: sampleOptions } },
  { label: 'Checkbox', component: { type: 'checkbox', label: 'Checkbox' } },
  { label: 'Date', component: { type: 'datetime', label: 'Date' } },
  { label: 'Country', component: { type: 'country', label: 'Country' } },
  { label: 'Consent', component: { type: 'consent', label: 'I agree', validate: { required: true } } },
];

/** The ready-made profile fields (002 §3.17), labelled for the palette. */
export const PROFILE_ITEMS: readonly PaletteItem[] = PROFILE_FIELDS.map((field) => ({
  label: field.component.type === 'hidden' ? field.name : field.component.label,
  component: field.component,
}));

/** A key made from the label, unique in the form (the domain's rule). */
export const uniqueKey = formKeyOf;

/** The palette item as a new component of the form. */
export function newComponent(item: PaletteItem, taken: readonly string[]): FormComponent {
  const key = item.component.key && !taken.includes(item.component.key) ? item.component.key : undefined;
  return structuredClone({ ...item.component, key: key ?? uniqueKey(item.component.label, taken) });
}

export const TYPE_LABELS: Record<FormComponent['type'], string> = {
  textfield: 'Text',
  email: 'Email',
  number: 'Number',
  phoneNumber: 'Phone',
  textarea: 'Paragraph',
  select: 'Select',
  radio: 'Radio',
  checkbox: 'Checkbox',
  datetime: 'Date',
  country: 'Country',
  consent: 'Consent',
  hidden: 'Hidden',
};
