// Puck's stylesheet without its @import of a remote font, which the studio's CSP refuses.
import '@puckeditor/core/no-external.css';
import {
  pageDocumentSchema,
  registrationMessages,
  repeatingOnDemandNote,
  workspaceBase,
  type BrandingState,
  type PageDocument,
  type SeriesEventChoice,
} from '@studio/domain';
import { fieldsPlugin, Puck, useGetPuck, type Data } from '@puckeditor/core';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRegistrationFormData } from '../../api/registration-forms.ts';
import { eventQuery } from '../../api/studio-event.ts';
import { useLeaveQuestion } from '../../ui/discard-question.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { NARROW_SCREEN_QUERY } from '../../ui/narrow-screen.ts';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { BuilderHeader } from './builder-header.tsx';
import { useBuiltPage, useSaveBuiltPage, type PageAddress } from './page-builder-api.ts';
import { pageBuilderConfig, PreviewContext, PreviewFormContext } from './page-blocks-config.tsx';
import {
  AttendeePreviewFrame,
  firstBuilderUi,
  FitFirstViewport,
  PREVIEW_IFRAME,
  PREVIEW_VIEWPORTS,
  PreviewBrandingContext,
} from './preview-frame.tsx';
import { previewRegistrationFormHtml, previewSeriesFormHtml } from './preview-registration-form.ts';

const TITLES = {
  registration: 'Registration page',
  landing: 'Landing page',
  on_demand: 'On-demand page',
} as const;

/** Puck's phone layout (below its 638px breakpoint), where its fields are a tab of the left panel. */
export const PUCK_PHONE_QUERY = '(max-width: 637.98px)';

/**
 * Puck's fields tab, drawn only on a phone. Puck always draws that tab (hidden by its CSS on wider
 * screens) besides its right panel's fields: every field twice, with the same id.
 */
function phoneFieldsPlugin() {
  const puckFields = fieldsPlugin();
  const PuckFields = puckFields.render!;
  function PhoneFields() {
    return useMediaQuery(PUCK_PHONE_QUERY) ? <PuckFields /> : <></>;
  }
  return { ...puckFields, render: PhoneFields };
}
const BUILDER_PLUGINS = [phoneFieldsPlugin()];

/** Publish as a real button (Puck's own is a clickable span: no role, no tab stop). */
function PublishButton({ onPublish, saving }: { onPublish: (data: Data) => void; saving: boolean }) {
  const getPuck = useGetPuck();
  return (
    <Button size="xs" loading={saving} onClick={() => onPublish(getPuck().appState.data)}>
      Publish
    </Button>
  );
}

/** Puck's preview zoom <select> (its ViewportControls, 0.23), which Puck leaves without a name. */
const PUCK_ZOOM_SELECT = 'select[class*="ViewportControls-zoomSelect"]:not([aria-label])';

/** Names Puck's zoom <select> "Zoom" whenever Puck draws it (Puck offers no prop for it). */
function NamedZoomSelect({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const name = () =>
      element
        .querySelectorAll(PUCK_ZOOM_SELECT)
        .forEach((select) => select.setAttribute('aria-label', 'Zoom'));
    name();
    const observer = new MutationObserver(name);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={root} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/**
 * What a series' or template's registration page asks, as the route reads it (an event's the
 * builder reads itself): a template's chosen form (its events ask it, on its page copied to them);
 * a series' first upcoming event's form, with the boxes of its upcoming events.
 */
export interface PreviewRegistration {
  /** The form's id; null: the base fields only. */
  formId: string | null;
  /** A series' upcoming events (none: its page says it has none instead of a form). */
  events?: SeriesEventChoice[];
}

/**
 * What the registration page puts in its Registration Form block: an event's own form (the one it
 * asks, else the base fields); a series' or template's the route's (`registration`, nothing until
 * it is read). Other pages: nothing.
 */
function usePreviewForm(
  { ownerType, ownerId, kind }: PageAddress,
  registration: PreviewRegistration | undefined,
): string | null {
  const isEvent = ownerType === 'event' && kind === 'registration';
  const event = useQuery({ ...eventQuery(ownerId), enabled: isEvent });
  const chosen = isEvent ? (event.data?.registration_form_data?.id ?? null) : (registration?.formId ?? null);
  const form = useRegistrationFormData(chosen);
  const known = kind === 'registration' && (isEvent ? event.data !== undefined : registration !== undefined);
  const fields = known ? form.formio_data : undefined;
  const events = registration?.events;
  return useMemo(
    () =>
      !fields ? null : events ? previewSeriesFormHtml(fields, events) : previewRegistrationFormHtml(fields),
    [fields, events],
  );
}

/**
 * A page as Publish would save it, spelled one way: parsed as the domain reads a page, so what Puck
 * adds as it opens a page (its `zones`, the defaults it fills in, its keys' order) drops out and
 * a page just opened is the page saved. A page Publish would refuse differs from every saved one.
 */
const savedForm = (data: unknown): string => {
  const parsed = pageDocumentSchema.safeParse(data);
  return parsed.success ? JSON.stringify(parsed.data) : `unsaveable:${JSON.stringify(data)}`;
};

/**
 * Whether the builder holds changes not published (Leaving asks first, spec 002): Puck's page,
 * as it last changed, against the page last published here, else the page as it was loaded.
 */
function useUnpublished(loaded: unknown) {
  const [edited, setEdited] = useState<string | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const loadedForm = useMemo(() => (loaded === undefined ? null : savedForm(loaded)), [loaded]);
  // Stable: Puck subscribes its onChange anew whenever it changes.
  const onChange = useCallback((data: Data) => setEdited(savedForm(data)), []);
  return {
    dirty: edited !== null && edited !== (published ?? loadedForm),
    onChange,
    onPublished: (page: PageDocument) => setPublished(savedForm(page)),
  };
}

export interface PageBuilderProps extends PageAddress {
  /**
   * The saved branding the owner's attendee pages wear (the route reads it: an event's or
   * template's own, a series' or hub page's brand kit); undefined: the stylesheet's defaults.
   */
  branding?: BrandingState | undefined;
  registration?: PreviewRegistration | undefined;
}

/**
 * The page builder (issue 17 §1) of an event, series, template or hub page: Puck over the domain's
 * blocks; Publish saves the page JSON (`builder_raw_json`), which the server renders for attendees.
 */
export function PageBuilderPage({ branding, registration, ...address }: PageBuilderProps) {
  const page = useBuiltPage(address);
  const save = useSaveBuiltPage(address);
  const form = usePreviewForm(address, registration);
  // Read once: Puck takes its first state when it mounts.
  const [firstUi] = useState(() => firstBuilderUi(window.matchMedia(NARROW_SCREEN_QUERY).matches));
  useFailureToast(page.isError, registrationMessages.failedToLoadPageBuilder);
  const unpublished = useUnpublished(page.data?.builder_raw_json);
  const leaveQuestion = useLeaveQuestion(unpublished.dirty);

  const publish = (data: Data) => {
    const parsed = pageDocumentSchema.safeParse(data);
    if (parsed.success) save.mutate(parsed.data, { onSuccess: () => unpublished.onPublished(parsed.data) });
    else showToast(parsed.error.issues[0]?.message ?? registrationMessages.failedToLoadPageBuilder, 'error');
  };

  if (page.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading page builder" />
      </Center>
    );
  if (page.isError) return <Text c="red">{registrationMessages.failedToLoadPageBuilder}</Text>;

  const puck = (
    <NamedZoomSelect>
      <Puck
        config={pageBuilderConfig}
        data={page.data.builder_raw_json as Data}
        onChange={unpublished.onChange}
        headerTitle={TITLES[address.kind]}
        // The preview wears the attendee pages' stylesheet, not the studio's (preview-frame.tsx).
        iframe={PREVIEW_IFRAME}
        viewports={PREVIEW_VIEWPORTS}
        ui={firstUi}
        plugins={BUILDER_PLUGINS}
        overrides={{
          header: ({ actions }) => <BuilderHeader title={TITLES[address.kind]} actions={actions} />,
          headerActions: () => <PublishButton onPublish={publish} saving={save.isPending} />,
          iframe: AttendeePreviewFrame,
          preview: FitFirstViewport,
        }}
      />
    </NamedZoomSelect>
  );
  // The blocks preview the owner's own data (the server's answer), as its attendees will see them.
  const withForm = (
    <PreviewBrandingContext.Provider value={branding}>
      <PreviewFormContext.Provider value={form}>{puck}</PreviewFormContext.Provider>
    </PreviewBrandingContext.Provider>
  );
  const builder = (
    <>
      {page.data.preview ? (
        <PreviewContext.Provider value={page.data.preview}>{withForm}</PreviewContext.Provider>
      ) : (
        withForm
      )}
      {leaveQuestion}
    </>
  );
  // An occurrence whose repeating event's page attendees see instead (the server says which).
  const repeatingEvent = page.data.repeating_event;
  if (!repeatingEvent) return builder;
  return (
    <Stack>
      <Alert color="blue" variant="light">
        {repeatingOnDemandNote}{' '}
        <HrefLink href={`${workspaceBase('repeating-event', repeatingEvent)}/on-demand-page-builder`}>
          Edit the repeating event’s on-demand page
        </HrefLink>
      </Alert>
      {builder}
    </Stack>
  );
}
