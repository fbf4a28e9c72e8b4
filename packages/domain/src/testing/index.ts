// Test data shared by the domain's, the server's and the web's tests (package export
// `@studio/domain/testing`); never imported by running code.
import type { OrganizationDetail } from '../access/api.ts';
import type { PageCodeAreas } from '../code-areas/api.ts';
import { choiceOptions, type FormioData } from '../registration/form-components.ts';

const options = choiceOptions(['builders', 'Builders & makers'], ['leaders', 'Leaders']);

/**
 * A registration form with every component type, required and not, with text that must be
 * escaped: what the server's HTML and the studio's preview are both checked against.
 */
export const everyFieldForm: FormioData = {
  components: [
    {
      type: 'textfield',
      key: 'company',
      label: 'Company <b>',
      placeholder: 'Acme "Inc"',
      description: 'Where you work',
      validate: { required: true },
    },
    { type: 'email', key: 'work_email', label: 'Work email' },
    { type: 'number', key: 'age', label: 'Age' },
    { type: 'phoneNumber', key: 'phone', label: 'Phone', validate: { required: true } },
    { type: 'datetime', key: 'arrival', label: 'Arrival' },
    { type: 'textarea', key: 'bio', label: 'Bio' },
    { type: 'select', key: 'size', label: 'Size', placeholder: 'Pick one', data: options },
    { type: 'select', key: 'topics', label: 'Topics', multiple: true, data: options },
    { type: 'radio', key: 'track', label: 'Track', data: options, validate: { required: true } },
    { type: 'country', key: 'country', label: 'Country' },
    { type: 'checkbox', key: 'news', label: 'Send me news' },
    {
      type: 'consent',
      key: 'terms',
      label: 'I agree to the terms',
      description: 'Read them first.',
      link: 'https://example.com/terms?lang=en&v=2',
      validate: { required: true },
    },
    { type: 'hidden', key: 'utm_source', label: 'utm_source' },
    { type: 'hidden', key: 'utm_medium', label: 'utm_medium' },
  ],
};

/** The settings an organisation starts with: what the server answers on creation and the web's fake organisation has. */
export const newOrganizationSettings = {
  is_workspace_enabled: false,
  enable_inhouse_simulive: false,
  content_lab_enabled: false,
  registration_app_vanity_domain_settings: [],
  email_sender: null,
  email_domain_verified: false,
  tray_id: null,
  eloqua_form_id: null,
  base_marketo_program_id: null,
  marketo_custom_activity_ids: { event: null, user_profile: null, user_engagement: null },
  is_event_roles_enabled: false,
  useHLSGuard: false,
  is_free_trial: false,
} satisfies Partial<OrganizationDetail>;

/** An events list address with every choice away from its default, and its href (the search trimmed). */
export const everyEventListChoice = {
  state: {
    filter: 'PastEvents',
    type: 'Recording',
    sort: 'title',
    search: ' summit ',
    tag: 't1',
    workspace: 'mine',
    repeating: 'hide',
    page: 3,
  },
  href: '/events?filter=PastEvents&type=Recording&sort=title&tag=t1&workspace=mine&search=summit&repeating=hide&page=3',
} as const;

/** A page's code areas before anyone wrote in them. */
export const emptyCodeAreas: PageCodeAreas = {
  head: '',
  body: '',
  form_submission: '',
  add_to_calendar: '',
  register_cta_click: '',
  custom_cta_click: '',
};
