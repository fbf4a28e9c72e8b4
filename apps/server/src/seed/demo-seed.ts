import {
  isScheduled,
  type FillerSlide,
  type OrganizationDetail,
  type Series,
  type StudioEvent,
  type Tag,
  type VideoAsset,
  type Workspace,
} from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../platform/db/database.ts';
import type { OperatorFlags } from '../modules/organizations/operator-flags.ts';
import type { HttpServer } from '../platform/http/server.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { authReadModel } from '../modules/auth/auth.read-model.ts';
import {
  addDemoBrandKit,
  brandDemoEvent,
  createDemoFillerSlide,
  waitForFillerSlide,
} from './demo-branding.ts';
import {
  DEMO_ADMIN,
  DEMO_BRAND_KIT,
  DEMO_BRANDED_EVENT,
  DEMO_CONTENT_LAB,
  DEMO_EVENTS,
  DEMO_MEMBERS,
  DEMO_ORGANIZATION_NAME,
  DEMO_PROGRAMME_EVENT,
  demoEventStart,
  DEMO_SERIES,
  DEMO_TAGS,
  DEMO_TEAMS,
  DEMO_VIDEOS,
} from './demo-content.ts';
import { addDemoContentLab } from './demo-content-lab.ts';
import { addDemoDocuments } from './demo-documents.ts';
import { addDemoEngagement } from './demo-engagement.ts';
import { addDemoPeople } from './demo-people.ts';
import { addDemoProgramme } from './demo-programme.ts';
import { addDemoRecordingRegistrants, addDemoRegistration } from './demo-registration.ts';
import { addDemoAutomation } from './demo-automation.ts';
import { addDemoAllHandsProgramme, replayDemoAllHandsEngagement } from './demo-all-hands.ts';
import {
  addDemoReports,
  addDemoStudioUsage,
  DEMO_ATTENDED_EVENT,
  DEMO_WATCHED_EVENT,
  addDemoWatchedKeynote,
  enterDemoCosts,
  replayDemoAttendance,
  replayDemoOnDemandViewing,
  replayDemoRegistrationViews,
  DEMO_REGISTRATION_VISITS,
  DEMO_ALL_HANDS_VISITS,
} from './demo-reports.ts';
import { addDemoSurveyAnswers } from './demo-survey-answers.ts';
import { addDemoVideos } from './demo-videos.ts';
import { addDemoPosts } from './demo-posts.ts';
import { addDemoRepeatingEvent, DEMO_REPEATING_EVENT } from './demo-repeating.ts';
import { addDemoTemplateAndHubPage } from './demo-templates.ts';
import { addDemoWebhook } from './demo-webhooks.ts';
import { signIn, signUp, studioClient } from './studio-client.ts';

export interface SeedDemoOptions {
  /** A built, ready studio whose job workers run (role worker or all): the pipeline processes the videos. */
  app: HttpServer;
  /** The attendee origin, where the demo's attendees send their beacons. */
  attendeeSite: FastifyInstance;
  database: DatabaseHandle;
  /** The studio's operator flags: the demo switches some on as an operator would. */
  operatorFlags: OperatorFlags;
  /** The studio's secret key: the demo webhook's signing secret is sealed with it. */
  secretKey: string;
  /** Progress lines. */
  report: (line: string) => void;
  /** Length of each generated video; default 12 s. */
  clipSeconds?: number;
  /** How long to wait for the pipeline; default 10 minutes. */
  pipelineTimeoutMs?: number;
}

export interface DemoSeedResult {
  /** False when the demo organisation was already there (nothing was added). */
  created: boolean;
  organization: { id: string; name: string };
  signIn: { email: string; password: string };
  videos: VideoAsset[];
  /** The branded event's filler slide (null when nothing was added). */
  fillerSlide: FillerSlide | null;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * Creates the demo organisation through the studio's HTTP API (in-process), so every domain rule
 * applies: its admin, members, teams, its brand kit, tags, a series, events around now, three
 * processed videos, a Content Lab project with an imported interview and a clip cut from it, a
 * conference's programme, people and registration, a template made from it and a hub page of the
 * events to come, a weekly repeating event with its on-demand page (a past occurrence recorded), and
 * that conference branded with a filler slide made into a video.
 * Runs once: when the demo admin already belongs to an organisation, it says so and adds nothing.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<DemoSeedResult> {
  const { app, report } = options;
  const credentials = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };

  const existing = await signIn(app, DEMO_ADMIN.email, DEMO_ADMIN.password);
  if (existing?.user.organization) {
    const organization = await studioClient(app, existing.access).get<OrganizationDetail>(
      `/api/core/organization/${existing.user.organization}/`,
    );
    report(`The demo organisation "${organization.name}" already exists: nothing added.`);
    return {
      created: false,
      organization: { id: organization.id, name: organization.name },
      signIn: credentials,
      videos: [],
      fillerSlide: null,
    };
  }

  // A run stopped before the organisation existed left the account: go on from there.
  if (!existing) await signUp(app, DEMO_ADMIN);
  const session = existing ?? (await signIn(app, DEMO_ADMIN.email, DEMO_ADMIN.password));
  if (!session) throw new Error(`${DEMO_ADMIN.email} exists with another password: the demo cannot sign in`);
  // Nobody reads the demo address's confirmation code: mark it confirmed as the code would.
  await createUsersService(options.database.db, authReadModel).markEmailVerified(session.user.id);
  const api = studioClient(app, session.access);

  const created = await api.post<OrganizationDetail>('/api/core/organization/', {
    name: DEMO_ORGANIZATION_NAME,
  });
  const organization = created.id;
  await api.patch(`/api/core/organization/${organization}/`, {
    is_workspace_enabled: true,
    is_event_roles_enabled: true,
    content_lab_enabled: true,
  });
  report(
    `Created the organisation "${created.name}" (admin ${DEMO_ADMIN.email}), teams and Content Lab enabled`,
  );

  const teams = new Map<string, string>();
  for (const name of DEMO_TEAMS) {
    teams.set(name, (await api.post<Workspace>('/api/core/workspaces/', { name })).id);
  }
  const teamIds = (names: readonly string[]) => names.map((name) => teams.get(name)!);

  for (const { teams: memberTeams, ...member } of DEMO_MEMBERS) {
    await api.post('/api/core/user/', { ...member, organization, workspaces: teamIds(memberTeams) });
  }
  report(`Added ${DEMO_MEMBERS.length} members and the teams ${DEMO_TEAMS.join(', ')}`);

  // Before the events: each new event starts from the kit.
  await addDemoBrandKit(api, organization);
  const fonts = DEMO_BRAND_KIT.branding.theme_obj;
  report(
    `Saved the brand kit: colours, fonts (${fonts.theme_font_name} on stage, ${fonts.splash_theme_font_name} on the landing page) and a logo`,
  );
  // Queued now, so the job makes its video while the library's videos are processed.
  const queuedSlide = await createDemoFillerSlide(api, organization);
  report(`Added the filler slide "${queuedSlide.file_name}", processing…`);

  const tags = new Map<string, string>();
  for (const tag_name of DEMO_TAGS) {
    tags.set(tag_name, (await api.post<Tag>('/api/core/tags/', { organization, tag_name })).id);
  }
  const series = await api.post<Series>('/api/event/series/', { ...DEMO_SERIES, organization });

  const now = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
  const events = new Map<string, string>();
  for (const { startsIn, atHourUtc, minutes, team, tags: eventTags, inSeries, ...fields } of DEMO_EVENTS) {
    const start = demoEventStart({ startsIn, atHourUtc }, now);
    const event = await api.post<StudioEvent>('/api/event/', {
      ...fields,
      organization,
      ...(isScheduled(fields.event_type) && {
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + minutes * 60_000).toISOString(),
      }),
      tags: eventTags.map((name) => tags.get(name)!),
      ...(team ? { workspace: teams.get(team) } : {}),
      ...(inSeries ? { series: series.id } : {}),
    });
    events.set(event.title, event.id);
  }
  report(
    `Added ${DEMO_TAGS.length} tags, the series "${series.name}" and ${DEMO_EVENTS.length} events (past, live now, upcoming)`,
  );

  const media = {
    clipSeconds: options.clipSeconds ?? 12,
    timeoutMs: options.pipelineTimeoutMs ?? 600_000,
    report,
  };
  const videos = await addDemoVideos(
    api,
    organization,
    DEMO_VIDEOS.map(({ team, event, bufferVideoOf: _bufferVideoOf, ...video }) => ({
      ...video,
      workspace: team && teams.get(team),
      event: event && events.get(event),
    })),
    media,
  );
  for (const { name, bufferVideoOf } of DEMO_VIDEOS) {
    const video = videos.find(
      (candidate) => candidate.name === name && candidate.transcode_status === 'COMPLETE',
    );
    const eventId = bufferVideoOf && events.get(bufferVideoOf);
    if (!video || !eventId) continue;
    await api.patch(`/api/event/${eventId}/`, { stage_roll_video_asset: video.id });
    const recording = !isScheduled(DEMO_EVENTS.find((event) => event.title === bufferVideoOf)?.event_type);
    report(`"${name}" is ${recording ? 'the video' : 'the buffer video'} of "${bufferVideoOf}"`);
  }
  const keynote = videos.find(
    (video) => video.name === DEMO_VIDEOS[0]!.name && video.transcode_status === 'COMPLETE',
  );
  if (keynote) {
    report(`"${keynote.name}" has ${await addDemoPosts(api, keynote, media.clipSeconds)}`);
    const watched = await addDemoWatchedKeynote(api, events.get(DEMO_WATCHED_EVENT)!, keynote);
    report(`"${DEMO_WATCHED_EVENT}" has ${watched}`);
  }
  const repeating = await addDemoRepeatingEvent(
    api,
    options.database,
    {
      organizationId: organization,
      userId: session.user.id,
      tagId: tags.get(DEMO_REPEATING_EVENT.tag)!,
      now,
    },
    keynote,
  );
  report(`The organisation has ${repeating}`);
  const contentLab = await addDemoContentLab(api, organization, teams.get(DEMO_CONTENT_LAB.team), media);
  report(`Content Lab has ${contentLab}`);
  const conference = DEMO_EVENTS.find((event) => event.title === DEMO_PROGRAMME_EVENT)!;
  const programme = await addDemoProgramme(
    api,
    { id: events.get(DEMO_PROGRAMME_EVENT)!, start: demoEventStart(conference, now) },
    videos,
  );
  report(`"${DEMO_PROGRAMME_EVENT}" has ${programme}`);
  report(`"${DEMO_PROGRAMME_EVENT}" has ${await addDemoDocuments(api, events.get(DEMO_PROGRAMME_EVENT)!)}`);
  report(`"${DEMO_PROGRAMME_EVENT}" has ${await addDemoPeople(api, events.get(DEMO_PROGRAMME_EVENT)!)}`);
  report(
    `"${DEMO_PROGRAMME_EVENT}" has ${await addDemoRegistration(api, events.get(DEMO_PROGRAMME_EVENT)!)}`,
  );
  report(`"${DEMO_PROGRAMME_EVENT}" has ${await addDemoEngagement(api, events.get(DEMO_PROGRAMME_EVENT)!)}`);
  for (const { title } of DEMO_EVENTS.filter((event) => !isScheduled(event.event_type)))
    report(`"${title}" has ${await addDemoRecordingRegistrants(api, events.get(title)!)}`);
  const summitId = events.get(DEMO_PROGRAMME_EVENT)!;
  report(
    `"${DEMO_PROGRAMME_EVENT}" has ${await replayDemoRegistrationViews(options.attendeeSite, summitId, DEMO_REGISTRATION_VISITS)}`,
  );
  report(
    `"${DEMO_PROGRAMME_EVENT}" has ${await addDemoSurveyAnswers(api, options.database, { organizationId: organization, id: summitId })}`,
  );
  report(
    `"${DEMO_PROGRAMME_EVENT}" has ${await addDemoWebhook(api, options, { organizationId: organization, eventId: summitId })}`,
  );
  // After the summit's programme, people and registration: the template takes them along.
  report(
    `The organisation has ${await addDemoTemplateAndHubPage(api, organization, events, DEMO_PROGRAMME_EVENT)}`,
  );
  const allHands = DEMO_EVENTS.find((event) => event.title === DEMO_ATTENDED_EVENT)!;
  const allHandsId = events.get(DEMO_ATTENDED_EVENT)!;
  const allHandsProgramme = await addDemoAllHandsProgramme(api, {
    id: allHandsId,
    start: demoEventStart(allHands, now),
    minutes: allHands.minutes,
  });
  report(`"${DEMO_ATTENDED_EVENT}" has ${allHandsProgramme.summary}`);
  // Its attendance first: it registers the people whose questions, chat and votes follow.
  for (const replay of [replayDemoAttendance, replayDemoAllHandsEngagement]) {
    const replayed = await replay(api, options.attendeeSite, allHandsId, allHandsProgramme.sessionId);
    report(`"${DEMO_ATTENDED_EVENT}" has ${replayed}`);
  }
  report(
    `"${DEMO_ATTENDED_EVENT}" has ${await replayDemoRegistrationViews(options.attendeeSite, allHandsId, DEMO_ALL_HANDS_VISITS)}`,
  );
  const watched = await replayDemoOnDemandViewing(options.attendeeSite, events.get(DEMO_WATCHED_EVENT)!);
  report(`"${DEMO_WATCHED_EVENT}" has ${watched}`);
  report(`The organisation has ${await addDemoReports(api, options.operatorFlags, organization)}`);
  report(`The organiser has ${await addDemoStudioUsage(api)}`);
  report(`The organisation has ${await enterDemoCosts(api, events)}`);
  report(`The organisation has ${await addDemoAutomation(api, options.operatorFlags, organization)}`);
  const fillerSlide = await waitForFillerSlide(api, queuedSlide, {
    timeoutMs: options.pipelineTimeoutMs ?? 600_000,
    report,
  });
  const branded = await brandDemoEvent(api, events.get(DEMO_BRANDED_EVENT.title)!, fillerSlide);
  report(`"${DEMO_BRANDED_EVENT.title}" has ${branded}`);
  return {
    created: true,
    organization: { id: organization, name: created.name },
    signIn: credentials,
    videos,
    fillerSlide,
  };
}
