import { Group, Loader, SegmentedControl, Stack, Tabs } from '@mantine/core';
import {
  BRANDING_PREVIEW_MESSAGE,
  BRANDING_PREVIEW_PAGE_LABELS,
  BRANDING_PREVIEW_PAGES,
  BRANDING_PREVIEW_READY,
  BRANDING_TIMINGS,
  DEFAULT_PREVIEW_TAB,
  PREVIEW_VIEWS,
  brandingPreviewFocus,
  brandingPreviewPath,
  brandingTemplatePreviewPath,
  messages,
  type BrandingPreviewPage,
  type PreviewView,
} from '@studio/domain';
import { useEffect, useState } from 'react';
import type { BrandingPreviewProps, BrandingPreviewSubject } from './branding-preview-props.ts';
import { usePreviewAccess } from './branding-preview-api.ts';
import { ErrorAlert } from '../../../ui/error-alert.tsx';
import { ScaledFrame } from '../../../ui/scaled-frame.tsx';

/**
 * The width and height each view lays the attendee page out at (scaled down to fit the column): a
 * laptop's screen for Monitor, whatever the studio is shown on, so the page has its desktop look.
 */
const FRAME_SIZE: Record<PreviewView, { width: number; height: number }> = {
  monitor: { width: 1280, height: 800 },
  cellphone: { width: 375, height: 667 },
};

/** The preview page of an event, or of a template (its landing page over its programme), on the attendee origin. */
const previewPathOf = ({ kind, id }: BrandingPreviewSubject, page: BrandingPreviewPage) =>
  kind === 'event' ? brandingPreviewPath(id, page) : brandingTemplatePreviewPath(id, page);

/**
 * 002 §2.1 "Live preview": the event's (or template's) real attendee pages, from the attendee
 * origin in a frame, showing every pending change as it is made (posted to that origin only, never
 * '*'), following the module being edited.
 */
export function BrandingPreview({ subject, currentModule, state, fillerImage = null }: BrandingPreviewProps) {
  const access = usePreviewAccess(subject);
  const [chosen, setChosen] = useState<BrandingPreviewPage>(DEFAULT_PREVIEW_TAB);
  const [device, setDevice] = useState<PreviewView>('monitor');
  const [cleared, setCleared] = useState(false);
  // The frame on screen (a new one per page and view), and its latest word that it listens.
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [heard, setHeard] = useState<{ from: HTMLIFrameElement } | null>(null);
  const focus = brandingPreviewFocus(currentModule, device, chosen);
  const origin = access.data?.origin;
  const src =
    access.data &&
    `${access.data.origin}${previewPathOf(subject, focus.page)}?token=${encodeURIComponent(access.data.token)}`;

  // Switching view clears the tab, then restores it (a fresh load, with that view's styles).
  useEffect(() => {
    if (!cleared) return;
    const timer = setTimeout(() => setCleared(false), BRANDING_TIMINGS.viewRestoreMs);
    return () => clearTimeout(timer);
  }, [cleared, device]);

  // The frame says when it listens, again after each (re)load; only its own window on the
  // attendee origin counts. Until then nothing is posted: it may not be on that origin yet.
  useEffect(() => {
    if (!origin || !frame) return;
    const listener = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (
        event.origin === origin &&
        event.source === frame.contentWindow &&
        data?.type === BRANDING_PREVIEW_READY
      )
        setHeard({ from: frame });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, frame]);

  const listening = frame !== null && heard?.from === frame ? heard : null;
  useEffect(() => {
    if (!listening || !origin) return;
    listening.from.contentWindow?.postMessage(
      { type: BRANDING_PREVIEW_MESSAGE, state, show: focus.show, fillerImage },
      origin,
    );
  }, [listening, origin, state, focus.show, fillerImage]);

  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" wrap="wrap">
        <Tabs value={focus.page} onChange={(value) => value && setChosen(value as BrandingPreviewPage)}>
          <Tabs.List aria-label="Live preview pages">
            {BRANDING_PREVIEW_PAGES.map((page) => (
              <Tabs.Tab key={page} value={page}>
                {BRANDING_PREVIEW_PAGE_LABELS[page]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <SegmentedControl
          aria-label="Preview view"
          value={device}
          data={PREVIEW_VIEWS.map((view) => ({
            value: view,
            label: view === 'monitor' ? 'Monitor' : 'Cellphone',
          }))}
          onChange={(value) => {
            setDevice(value);
            setCleared(true);
          }}
        />
      </Group>
      {access.isError ? (
        <ErrorAlert>{messages.somethingWentWrong}</ErrorAlert>
      ) : (
        <ScaledFrame
          frameRef={setFrame}
          frameKey={`${device}:${src}`}
          placeholder={!src || cleared ? <Loader aria-label="Loading the preview" /> : undefined}
          title="Live preview"
          src={src || undefined}
          // The token stays out of referrers; the tech check page asks for the devices.
          referrerPolicy="no-referrer"
          allow="camera; microphone"
          data-view={device}
          width={FRAME_SIZE[device].width}
          height={FRAME_SIZE[device].height}
          frameStyle={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        />
      )}
    </Stack>
  );
}
