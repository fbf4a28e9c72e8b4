// Puck's stylesheet without its @import of a remote font, which the studio's CSP refuses.
import '@puckeditor/core/no-external.css';
import { pageDocumentSchema, registrationMessages } from '@studio/domain';
import { Puck, useGetPuck, type Data } from '@puckeditor/core';
import { Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { useBuiltPage, useSaveBuiltPage, type PageAddress } from './page-builder-api.ts';
import { pageBuilderConfig, PreviewContext } from './page-blocks-config.tsx';

const TITLES = {
  registration: 'Registration page',
  landing: 'Landing page',
  on_demand: 'On-demand page',
} as const;

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
 * The page builder (issue 17 §1) of an event, series, template or hub page: Puck over the domain's
 * blocks; Publish saves the page JSON (`builder_raw_json`), which the server renders for attendees.
 */
export function PageBuilderPage(address: PageAddress) {
  const page = useBuiltPage(address);
  const save = useSaveBuiltPage(address);
  useFailureToast(page.isError, registrationMessages.failedToLoadPageBuilder);

  const publish = (data: Data) => {
    const parsed = pageDocumentSchema.safeParse(data);
    if (parsed.success) save.mutate(parsed.data);
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
        headerTitle={TITLES[address.kind]}
        overrides={{
          headerActions: () => <PublishButton onPublish={publish} saving={save.isPending} />,
        }}
      />
    </NamedZoomSelect>
  );
  // The blocks preview the owner's own data (the server's answer), as its attendees will see them.
  return page.data.preview ? (
    <PreviewContext.Provider value={page.data.preview}>{puck}</PreviewContext.Provider>
  ) : (
    puck
  );
}
