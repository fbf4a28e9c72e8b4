import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  agendaMessages,
  SESSION_TYPES,
  planAllows,
  sessionFormSchema,
  sessionFormValues,
  sessionRequest,
  sumSeconds,
  videoLengthStatus,
  type PricingConfig,
  type BroadcastVideo,
  type StudioEvent,
} from '@studio/domain';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import type { VideoPicker } from '../../ui/select-videos-dialog.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { DayAndTimes, DirtyDrawer } from './drawer-parts.tsx';
import { SessionDocuments } from './session-documents.tsx';
import { SessionRtmpInput } from './session-rtmp-input.tsx';
import { SessionSpeakers } from './session-speakers.tsx';
import { SimuliveTestControl } from './simulive-test-control.tsx';
import { drawerFailure, useSaveSession, type Broadcast, type Track } from './agenda-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** The session's surveys section, handed in by the route (the surveys feature). */
export type SessionSurveysSection = ComponentType<{ eventId: string; broadcastId: string | null }>;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/** The plan feature each session type needs (spec 002 §6). */
const typeFeature = { LIVE: null, SIMULIVE: 'prerecordedSessions', RTMP: 'rtmp' } as const;

/**
 * The session drawer (issue 14): type, day and times in the event's timezone, tracks, the
 * pre-recorded session's videos in play order with their total against the session's length,
 * the RTMP session's input, the description, the session's speakers and its surveys. Closing it
 * with unsaved changes asks first.
 */
export function SessionDrawer({
  event,
  session,
  tracks,
  defaultTracks,
  defaultDay,
  pricing,
  VideoPicker,
  SessionSurveys,
  onClose,
}: {
  event: StudioEvent;
  session: Broadcast | null;
  /** The tracks it may be in (none: no Tracks field, as on a webinar). */
  tracks: Track[];
  defaultTracks: string[];
  /** The day a new session is added under (YYYY-MM-DD in the event's timezone); the first day without one. */
  defaultDay?: string | undefined;
  pricing: PricingConfig | undefined;
  VideoPicker: VideoPicker;
  SessionSurveys: SessionSurveysSection;
  onClose: () => void;
}) {
  const form = useStudioForm(sessionFormSchema, {
    initialValues: sessionFormValues(session, event, defaultTracks, defaultDay),
  });
  const [picking, setPicking] = useState(false);
  const save = useSaveSession(event.id, {
    onFailure: drawerFailure(form, agendaMessages.failedToSaveSession),
    onSuccess: onClose,
  });
  const values = form.getValues();
  const videos = values.videos;
  const setVideos = (next: BroadcastVideo[]) => form.setFieldValue('videos', next);
  const move = (index: number, by: number) => {
    const next = [...videos];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setVideos(next);
  };
  const request = sessionRequest(values, event.timezone);
  const totalSeconds = sumSeconds(videos.map((video) => video.duration));
  const sessionSeconds = (Date.parse(request.end_time) - Date.parse(request.start_time)) / 1000;
  const length = videoLengthStatus(
    request,
    videos.map((video) => video.duration),
  );

  return (
    <>
      <DirtyDrawer
        title={session ? 'Edit session' : 'Add session'}
        closeLabel="Close the session drawer"
        size="lg"
        isDirty={() => form.isDirty()}
        onClose={onClose}
      >
        {(requestClose) => (
          <form
            noValidate
            onSubmit={form.onSubmit((submitted) =>
              save.mutate({ id: session?.id ?? null, body: sessionRequest(submitted, event.timezone) }),
            )}
          >
            <Stack>
              <TextInput label="Title" required {...fieldProps(form, 'title')} />
              <Select
                label="Session type"
                allowDeselect={false}
                data={SESSION_TYPES.map((type) => ({
                  value: type.broadcast_type,
                  label: type.label,
                  disabled: Boolean(pricing && !planAllows(pricing, typeFeature[type.broadcast_type])),
                }))}
                {...fieldProps(form, 'broadcast_type')}
              />
              <DayAndTimes form={form} timezone={event.timezone} />
              {tracks.length > 0 && (
                <MultiSelectField
                  label="Tracks"
                  options={tracks.map((track) => ({ value: track.id, label: track.title }))}
                  value={values.tracks}
                  onChange={(next) => form.setFieldValue('tracks', next)}
                  error={form.errors.tracks as string | undefined}
                />
              )}
              {values.broadcast_type === 'SIMULIVE' && (
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={600} size="sm">
                      Videos
                    </Text>
                    <Button size="xs" variant="light" onClick={() => setPicking(true)}>
                      Add videos
                    </Button>
                  </Group>
                  {videos.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No videos yet: a pre-recorded session plays library videos in this order.
                    </Text>
                  )}
                  {videos.map((video, index) => (
                    <Group key={video.id} justify="space-between" wrap="nowrap">
                      <Text size="sm" truncate>
                        {index + 1}. {video.title} ({video.duration === null ? '—' : minutes(video.duration)})
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Play ${video.title} earlier`}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Play ${video.title} later`}
                          disabled={index === videos.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <DeleteIconButton
                          label={`Remove ${video.title}`}
                          onClick={() => setVideos(videos.filter((other) => other.id !== video.id))}
                        />
                      </Group>
                    </Group>
                  ))}
                  {videos.length > 0 && (
                    <Text size="sm" c={length === 'OK' ? 'dimmed' : 'orange'} role="status">
                      Videos {minutes(totalSeconds)} of a {minutes(sessionSeconds || 0)} session
                      {length === 'TOO_LONG' && ` — ${agendaMessages.sessionLongerThanVideo}.`}
                      {length === 'TOO_SHORT' && ' — the videos end more than 2 minutes before the session.'}
                    </Text>
                  )}
                  {form.errors.video_assets && <ErrorAlert>{form.errors.video_assets}</ErrorAlert>}
                </Stack>
              )}
              {values.broadcast_type === 'RTMP' && <SessionRtmpInput eventId={event.id} form={form} />}
              {session?.broadcast_type === 'SIMULIVE' && (
                <SimuliveTestControl
                  eventId={event.id}
                  eventStart={event.start_time}
                  timezone={event.timezone}
                  session={session}
                />
              )}
              <RichTextField
                label="Description"
                value={values.description}
                onChange={(html) => form.setFieldValue('description', html)}
                error={form.errors.description as string | undefined}
              />
              <SessionSpeakers eventId={event.id} session={session} />
              <SessionSurveys eventId={event.id} broadcastId={session?.id ?? null} />
              <SessionDocuments eventId={event.id} sessionId={session?.id ?? null} />
              <FormActions
                onCancel={requestClose}
                saving={save.isPending}
                label={session ? 'Save session' : 'Add session'}
                sticky
              />
            </Stack>
          </form>
        )}
      </DirtyDrawer>
      {picking && (
        <VideoPicker
          opened
          restrictToWorkspace={event.workspace?.id ?? null}
          onClose={() => setPicking(false)}
          onSave={(picked) => {
            const added = picked
              .filter((video) => !videos.some((other) => other.id === video.id))
              .map((video) => ({
                id: video.id,
                title: video.name,
                duration: video.duration,
                transcode_status: video.transcode_status,
                thumbnail: video.thumbnail,
              }));
            setVideos([...videos, ...added]);
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
