import {
  blockShownOnPage,
  CTA_KINDS,
  emptyBlockNotes,
  pageBlockSchema,
  renderPageBlock,
  type PageBlockType,
  type PageContext,
} from '@studio/domain';
import type { ComponentConfig, Config, Field } from '@puckeditor/core';
import { createContext, useContext } from 'react';
import { sanitizePreviewHtml } from './preview-html.ts';
import { withPreviewForm } from './preview-registration-form.ts';

type Props = Record<string, unknown>;

/** Stand-ins for every block until the owner's own (the page's `preview`) arrive. */
const sampleContext: PageContext = {
  owner: {
    title: 'Your event',
    description: null,
    start_time: '2031-06-01T15:00:00.000Z',
    end_time: '2031-06-01T17:00:00.000Z',
    timezone: 'UTC',
    location: 'Your venue',
  },
  agenda: [
    {
      title: 'Opening keynote',
      start_time: '2031-06-01T15:00:00.000Z',
      end_time: '2031-06-01T15:30:00.000Z',
    },
  ],
  speakers: [{ name: 'A speaker', headline: 'Their title', photoUrl: null }],
  booths: [{ name: 'A sponsor', description: null, logoUrl: null }],
  events: [{ title: 'An event', start_time: '2031-06-01T15:00:00.000Z', timezone: 'UTC', registerUrl: '#' }],
  registerUrl: '#',
  videos: {},
};

const text = (label: string): Field => ({ type: 'text', label });
const textarea = (label: string): Field => ({ type: 'textarea', label });
const heading = { heading: text('Heading') };

/** Each block's fields in the builder; its props and defaults are the domain's schema. */
const fields: Record<PageBlockType, Record<string, Field>> = {
  Hero: {
    title: text('Title (empty: the event’s)'),
    subtitle: textarea('Subtitle'),
    imageUrl: text('Image address'),
  },
  EventDetails: {
    ...heading,
    showLocation: {
      type: 'radio',
      label: 'Show location',
      options: [
        { label: 'Yes', value: true },
        { label: 'No', value: false },
      ],
    },
  },
  Agenda: heading,
  Speakers: heading,
  Booths: heading,
  RegistrationForm: heading,
  RichText: { html: textarea('HTML') },
  Image: { url: text('Image address'), alt: text('Description'), linkUrl: text('Link') },
  Video: { videoId: text('Library video id'), title: text('Title') },
  CallToAction: {
    kind: {
      type: 'radio',
      label: 'Action',
      options: CTA_KINDS.map((kind) => ({
        label: kind === 'register' ? 'Register CTA' : 'Custom CTA',
        value: kind,
      })),
    },
    label: text('Label'),
    url: text('Custom address'),
  },
  Faq: {
    ...heading,
    items: {
      type: 'array',
      label: 'Questions',
      arrayFields: { question: text('Question'), answer: textarea('Answer') },
    },
  },
  Countdown: heading,
  EventList: heading,
  Footer: {
    text: textarea('Text'),
    links: { type: 'array', label: 'Links', arrayFields: { label: text('Label'), url: text('Address') } },
  },
};

/** What the blocks show in the builder: the owner's own details, programme, people and videos. */
export const PreviewContext = createContext<PageContext>(sampleContext);

/**
 * What the Registration Form block holds on the page being built (previewRegistrationFormHtml):
 * the registration page's form; null where the page puts none there (a landing page's slot).
 */
export const PreviewFormContext = createContext<string | null>(null);

/**
 * The block as the page renders it: the same HTML the server sends attendees, with their data
 * (and the registration page's form in its Registration Form block).
 */
function BlockPreview({ type, props }: { type: PageBlockType; props: Props }) {
  const context = useContext(PreviewContext);
  const form = useContext(PreviewFormContext);
  const block = pageBlockSchema.safeParse({
    type,
    props: { ...props, id: typeof props.id === 'string' ? props.id : type },
  });
  if (!block.success) return <p role="alert">Check this block’s fields.</p>;
  // Left off the attendee page (an empty list): a note the organiser can select, not a bare heading.
  if (!blockShownOnPage(type, context))
    return (
      <p style={{ padding: '0.75rem', border: '1px dashed #adb5bd', color: '#495057', fontSize: '0.875rem' }}>
        {emptyBlockNotes[type]}
      </p>
    );
  const html = renderPageBlock(block.data, context, sanitizePreviewHtml);
  return <div dangerouslySetInnerHTML={{ __html: form === null ? html : withPreviewForm(html, form) }} />;
}

/** The blocks as the builder's list names them. */
const blockLabels: Record<PageBlockType, string> = {
  Hero: 'Hero',
  EventDetails: 'Event details',
  Agenda: 'Agenda',
  Speakers: 'Speakers',
  Booths: 'Booths',
  RegistrationForm: 'Registration form',
  RichText: 'Text',
  Image: 'Image',
  Video: 'Video',
  CallToAction: 'Call to action',
  Faq: 'FAQ',
  Countdown: 'Countdown',
  EventList: 'Event list',
  Footer: 'Footer',
};

function componentOf(type: PageBlockType): ComponentConfig<Props> {
  const option = pageBlockSchema.options.find((candidate) => candidate.shape.type.value === type);
  const { id: _id, ...defaultProps } = option?.shape.props.parse({ id: type }) ?? {};
  return {
    label: blockLabels[type],
    fields: fields[type],
    defaultProps,
    render: (props) => <BlockPreview type={type} props={props} />,
  };
}

/** Puck's configuration: one component per domain block; the page's own fields (its head) on the root. */
export const pageBuilderConfig = {
  root: {
    fields: {
      title: text('Page title'),
      description: textarea('Description (search engines and shared links)'),
      image: text('Shared-link image address'),
    },
  },
  components: Object.fromEntries(
    (Object.keys(fields) as PageBlockType[]).map((type) => [type, componentOf(type)]),
  ),
} as Config;
