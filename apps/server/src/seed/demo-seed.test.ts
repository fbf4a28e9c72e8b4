import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActivityWebhook,
  analyticsPath,
  type AnalyticsReport,
  type AlertCentre,
  type ApiToken,
  eventAlertCentrePath,
  groupByDay,
  postsPath,
  type Post,
  type AgendaItem,
  type Booth,
  type Broadcast,
  type BrandKit,
  type Clip,
  type ContentProject,
  type FillerSlide,
  type HubPage,
  type StudioTemplate,
  type StudioEventDetail,
  type Track,
  type TranscriptAnswer,
  type CurrentUser,
  type OrganizationDetail,
  type OrganizationUser,
  type Page,
  reportsPaths,
  type CustomReportResult,
  type EventMember,
  type RoiRow,
  type SavedReport,
  type RtmpInput,
  type Series,
  type StudioEvent,
  type EmailDeliveryPage,
  type EmailScheduleList,
  type ChatMessage,
  type Poll,
  type QueueQuestion,
  type StageSource,
  type EventRoleAnswer,
  engagementStudioPath,
  type SessionDocument,
  sessionDocumentsPath,
  type Survey,
  type SurveyResponse,
  surveyResponsesPath,
  type Tag,
  eventOnDemandPath,
  type VideoAsset,
  type Workspace,
} from '@studio/domain';
import { DEMO_HUB_PAGE, DEMO_TEMPLATE_TITLE } from './demo-templates.ts';
import { createMediaStudio, type MediaStudio } from '../modules/video-library/video-library.fixtures.ts';
import {
  DEMO_ALL_HANDS,
  DEMO_BRAND_KIT,
  DEMO_BRANDED_EVENT,
  DEMO_CONTENT_LAB,
  DEMO_EVENTS,
  DEMO_MEMBERS,
  DEMO_RECORDING_REGISTRANTS,
  DEMO_SESSION_DOCUMENTS,
  DEMO_VIDEOS,
} from './demo-content.ts';
import { DEMO_API_TOKEN_NAME } from './demo-automation.ts';
import { DEMO_REPEATING_EVENT } from './demo-repeating.ts';
import {
  DEMO_ATTENDED_EVENT,
  DEMO_ATTENDING,
  DEMO_EVENT_COSTS,
  DEMO_ON_DEMAND_VISITORS,
  DEMO_REGISTRATION_VISITS,
  DEMO_SAVED_REPORT,
  DEMO_WATCHED_EVENT,
} from './demo-reports.ts';
import { seedDemo } from './demo-seed.ts';
import { DEMO_ORGANIZATION_WEBHOOK, DEMO_WEBHOOK } from './demo-webhooks.ts';
import { signIn, studioClient } from './studio-client.ts';
import { createStudioUsageRepository } from '../modules/studio-usage/studio-usage.repository.ts';

describe('npm run seed:demo', () => {
  let studio: MediaStudio;
  beforeAll(async () => {
    studio = await createMediaStudio();
  });
  afterAll(() => studio.close());

  const seed = (report: (line: string) => void) =>
    seedDemo({
      app: studio.app,
      attendeeSite: studio.attendeeSite,
      database: studio.database,
      operatorFlags: studio.operatorFlags,
      secretKey: studio.secretKey,
      report,
      clipSeconds: 2,
      pipelineTimeoutMs: 90_000,
    });

  /** An image the seed uploaded: served from its content URL as a PNG. */
  async function expectPng(url: string | null) {
    // An upload's content path, with no host.
    expect(url).toMatch(/^\/api\/files\/.+\.png$/);
    const served = await studio.app.inject({ method: 'GET', url: url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  }

  it(
    'creates a living demo organisation once, signed in with the printed password',
    { timeout: 420_000 },
    async () => {
      const lines: string[] = [];
      const first = await seed((line) => lines.push(line));
      expect(first.created).toBe(true);
      expect(lines.some((line) => line.includes('COMPLETE after'))).toBe(true);

      const session = await signIn(studio.app, first.signIn.email, first.signIn.password);
      expect(session).not.toBeNull();
      const api = studioClient(studio.app, session!.access);
      const id = first.organization.id;

      const me = await api.get<CurrentUser>('/api/core/user/me/');
      expect(me).toMatchObject({ organization: id, role: 'ORG_ADMIN', email_verified: true });
      expect(await api.get<OrganizationDetail>(`/api/core/organization/${id}/`)).toMatchObject({
        name: first.organization.name,
        is_workspace_enabled: true,
      });

      const users = await api.get<Page<OrganizationUser>>('/api/core/users/');
      expect(users.results.map((user) => user.email).sort()).toEqual(
        [first.signIn.email, ...DEMO_MEMBERS.map((member) => member.email)].sort(),
      );
      const teams = await api.get<Page<Workspace>>('/api/core/workspaces/');
      expect(teams.results.map((team) => [team.name, team.members_count]).sort()).toEqual([
        ['Customer Success', 2],
        ['Marketing', 2],
      ]);

      const tags = await api.get<Page<Tag>>('/api/core/tags/');
      expect(tags.results.map((tag) => tag.tag_name).sort()).toEqual([
        'All hands',
        'Customer stories',
        'Product',
      ]);
      // The series list holds the series and the repeating event.
      const series = await api.get<Page<Series>>('/api/event/series/?ordering=name');
      expect(series.results.map((item) => [item.name, item.is_repeating])).toEqual([
        ['Customer Success Stories', false],
        [DEMO_REPEATING_EVENT.name, true],
      ]);
      const templates = await api.get<Page<StudioTemplate>>('/api/event/studio-templates/');
      expect(templates.results.map((template) => [template.title, template.settings.event_type])).toEqual([
        [DEMO_TEMPLATE_TITLE, 'Conference'],
      ]);
      const hubPages = await api.get<Page<HubPage>>('/api/event/hub-pages/');
      expect(hubPages.results.map((page) => [page.name, page.events.map((event) => event.title)])).toEqual([
        [DEMO_HUB_PAGE.name, DEMO_HUB_PAGE.events],
      ]);

      const list = await api.get<Page<StudioEvent>>('/api/event/?filter=AllEvents&limit=25');
      // The demo's events and the repeating event's occurrences.
      expect(list.count).toBe(DEMO_EVENTS.length + DEMO_REPEATING_EVENT.count);
      const events = await Promise.all(
        list.results.map((event) => api.get<StudioEvent>(`/api/event/${event.id}/?get_metadata=true`)),
      );
      expect(new Set(events.map((event) => event.metadata?.time_status))).toEqual(
        new Set(['past', 'live', 'upcoming']),
      );
      expect(events.some((event) => event.workspace !== null)).toBe(true);
      expect(events.some((event) => event.tags.length > 0)).toBe(true);
      expect(events.filter((event) => event.series?.id === series.results[0]!.id)).toHaveLength(2);
      // The Recordings page lists the demo's recording.
      const recordings = await api.get<Page<StudioEvent>>('/api/event/recordings/');
      expect(recordings.results.map((event) => event.title)).toEqual(
        DEMO_EVENTS.filter((event) => event.event_type === 'Recording').map((event) => event.title),
      );

      const videos = await api.get<Page<VideoAsset>>('/api/core/video_assets/');
      // Three library uploads, the interview imported into Content Lab and the clip cut from it.
      expect(videos.count).toBe(5);
      for (const video of videos.results) {
        expect(video.transcode_status, video.name).toBe('COMPLETE');
        expect(video.urls.hls).toMatch(/\.m3u8/);
        expect(video.urls.mp4).toMatch(/\.mp4/);
      }
      expect(videos.results.find((video) => video.name.includes('no sound'))?.warnings).not.toEqual([]);
      // The keynote is chaptered.
      expect(
        videos.results
          .find((video) => video.name.includes('keynote'))
          ?.metadata.chapters.map((chapter) => chapter.title),
      ).toEqual(['Welcome', 'The launch', 'Questions']);
      // The keynote's captions gave drafts of every kind; its blog article is shared.
      const keynoteVideo = videos.results.find((video) => video.name.includes('keynote'))!;
      const posts = await api.get<Post[]>(`${postsPath}?video_asset=${keynoteVideo.id}`);
      expect(posts.map((post) => post.kind).sort()).toEqual([
        'BLOG',
        'EMAIL',
        'SOCIAL',
        'SOCIAL',
        'SOCIAL',
        'TAKEAWAYS',
      ]);
      expect(posts.find((post) => post.kind === 'BLOG')?.shared).toBe(true);
      // Its transcript ends where the video does (the clips are 2 s here), not past it.
      const keynoteSaid = await api.get<TranscriptAnswer>(
        `/api/core/video_assets/${keynoteVideo.id}/transcript/`,
      );
      expect(keynoteSaid.items.at(-1)?.end_time).toBe(2);
      // One is an event's buffer video, so the library shows it in use.
      const highlights = videos.results.find((video) => video.name === 'All-hands highlights');
      expect(highlights?.video_usage_count).toBe(1);
      expect(events.find((event) => event.title === 'All-Hands Live Q&A')?.stage_roll_video_asset).toBe(
        highlights?.id,
      );
      // The recording is its video: its on-demand page (and its event app) play the keynote.
      const walkthrough = events.find((event) => event.event_type === 'Recording')!;
      expect(walkthrough.stage_roll_video_asset).toBe(keynoteVideo.id);
      const recordingPage = await studio.attendeeSite.inject({
        method: 'GET',
        url: eventOnDemandPath(walkthrough.id),
      });
      const watchers = await api.get<Page<unknown>>(`/api/event/event-members/?event=${walkthrough.id}`);
      expect(watchers.count).toBe(DEMO_RECORDING_REGISTRANTS);
      expect(recordingPage.body).toMatch(
        new RegExp(`data-island="video" data-hls-src="[^"]*videos/${keynoteVideo.id}/[^"]*master.m3u8`),
      );

      // The live All-Hands has a programme: a live session now, with its speaker, while the buffer
      // video plays until its stream is on air; a live poll in the session, its attendees'
      // questions (one answered) and their messages in its chat.
      const allHands = events.find((event) => event.title === DEMO_ATTENDED_EVENT)!;
      const allHandsSessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${allHands.id}`);
      expect(allHandsSessions.results.map((session) => [session.title, session.broadcast_type])).toEqual([
        [DEMO_ALL_HANDS.session.title, 'LIVE'],
      ]);
      const allHandsSession = allHandsSessions.results[0]!;
      expect(Date.parse(allHandsSession.start_time)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(allHandsSession.end_time)).toBeGreaterThan(Date.now());
      const stage = await api.get<StageSource>(`/api/event/${allHands.id}/stage/`);
      expect(stage).toMatchObject({ kind: 'buffer', video: highlights?.id });
      const allHandsSpeakers = await api.get<Page<EventRoleAnswer>>(
        `/api/event/event-roles/?event=${allHands.id}&role=4`,
      );
      expect(allHandsSpeakers.results.map((speaker) => [speaker.user.email, speaker.broadcasts])).toEqual([
        [DEMO_ALL_HANDS.speaker, [allHandsSession.id]],
      ]);
      const allHandsPolls = await api.get<Page<Poll>>(engagementStudioPath(allHands.id, 'polls'));
      expect(allHandsPolls.results.map((poll) => [poll.session_id, poll.state, poll.total_votes])).toEqual([
        [allHandsSession.id, 'live', DEMO_ALL_HANDS.questions.length + DEMO_ALL_HANDS.chat.length],
      ]);
      const allHandsQuestions = await api.get<Page<QueueQuestion>>(
        engagementStudioPath(allHands.id, 'questions'),
      );
      // (Newest first: compared in any order.)
      expect(allHandsQuestions.results).toHaveLength(DEMO_ALL_HANDS.questions.length);
      expect(
        allHandsQuestions.results.map((question) => [
          question.text,
          question.session_id,
          question.state,
          question.answers.length,
          question.upvotes,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [DEMO_ALL_HANDS.questions[0]!.text, allHandsSession.id, 'answered', 1, 0],
          [DEMO_ALL_HANDS.questions[1]!.text, allHandsSession.id, 'open', 0, DEMO_ALL_HANDS.chat.length],
        ]),
      );
      const allHandsMessages = await api.get<Page<ChatMessage>>(
        engagementStudioPath(allHands.id, 'messages'),
      );
      const sessionChat = allHandsMessages.results.filter((message) => message.channel === 'session');
      expect(sessionChat.map((message) => [message.text, message.channel_id]).sort()).toEqual(
        DEMO_ALL_HANDS.chat.map((text) => [text, allHandsSession.id]).sort(),
      );
      expect(allHandsMessages.results.some((message) => message.author.role === 'staff')).toBe(true);

      // Content Lab: the interview (a Content Lab upload, transcribed) in its project, and its clip,
      // cut and processed.
      const interview = videos.results.find((video) => video.name === DEMO_CONTENT_LAB.video.name)!;
      expect(interview.source).toBe('CL_UPLOAD');
      const said = await api.get<TranscriptAnswer>(`/api/core/video_assets/${interview.id}/transcript/`);
      expect(said.transcription.status).toBe('COMPLETE');
      expect(said.items.map((item) => item.speaker_name)).toContain('Dana Ruiz');
      const projects = await api.get<ContentProject[]>('/api/content_lab/projects/');
      expect(projects.map((project) => [project.name, project.video_count, project.clip_count])).toEqual([
        [DEMO_CONTENT_LAB.project, 1, 1],
      ]);
      const clips = await api.get<Page<Clip>>(`/api/content_lab/clips/?video_asset=${interview.id}`);
      expect(clips.results.map((clip) => [clip.name, clip.status, clip.duration])).toEqual([
        [DEMO_CONTENT_LAB.clip, 'COMPLETE', 1],
      ]);
      expect(videos.results.find((video) => video.id === clips.results[0]!.video_library_id)?.source).toBe(
        'CLIP',
      );

      // The conference's two-day programme, a pre-recorded session playing a demo video.
      const summit = events.find((event) => event.title === 'Northwind Summit')!;
      const tracks = await api.get<Page<Track>>(`/api/event/tracks/?event=${summit.id}`);
      expect(tracks.results.map((track) => track.title)).toEqual(['Main stage', 'Workshops']);
      const sessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${summit.id}`);
      const prerecorded = sessions.results.find((session) => session.broadcast_type === 'SIMULIVE');
      expect(prerecorded?.video_assets.map((video) => video.title)).toEqual([
        'Spring Product Launch — keynote',
      ]);
      // The RTMP session plays the event's live input.
      const inputs = await api.get<Page<RtmpInput>>(`/api/event/rtmp_inputs/?event=${summit.id}`);
      expect(inputs.results.map((input) => input.name)).toEqual(['Partner fair camera']);
      const rtmp = sessions.results.find((session) => session.broadcast_type === 'RTMP');
      expect(rtmp?.rtmp_input).toBe(inputs.results[0]!.id);
      const blocks = await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${summit.id}`);
      expect(blocks.results.some((block) => block.kind === 'break')).toBe(true);
      expect(groupByDay(blocks.results, summit.timezone)).toHaveLength(2);
      const rooms = await api.get<Page<{ name: string }>>(`/api/event/rooms/?event=${summit.id}`);
      expect(rooms.results.map((room) => room.name)).toEqual(['Auditorium', 'Workshop room B']);
      const booths = await api.get<Page<Booth>>(`/api/event/booths/?event=${summit.id}`);
      expect(
        booths.results.map((booth) => [
          booth.name,
          booth.booth_type,
          booth.owner !== null,
          booth.discussion_group_objects.map((room) => room.name),
        ]),
      ).toEqual([
        ['Contoso Cloud', 'primary', true, ['Ask the Contoso team']],
        ['Fabrikam Analytics', 'secondary', false, []],
      ]);
      // A survey in the library, and its copy in the opening keynote.
      const keynote = sessions.results.find((session) => session.title === 'Opening keynote')!;
      const keynoteSurveys = await api.get<Page<Survey>>(
        `/api/event/surveys/?event=${summit.id}&broadcast=${keynote.id}`,
      );
      expect(keynoteSurveys.results.map((survey) => [survey.title, survey.questions.length])).toEqual([
        ['Session feedback', 4],
      ]);
      // Its Docs tab: the slides, a PDF stored as the studio stores uploads, and a link.
      const documents = await api.get<SessionDocument[]>(sessionDocumentsPath(keynote.id));
      expect(documents.map((document) => [document.kind, document.title])).toEqual([
        ['file', DEMO_SESSION_DOCUMENTS.slides.title],
        ['link', DEMO_SESSION_DOCUMENTS.link.title],
      ]);
      expect(documents[1]!.url).toBe(DEMO_SESSION_DOCUMENTS.link.url);
      const pdf = await studio.app.inject({ method: 'GET', url: documents[0]!.url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Its first registrants answered it, so the studio's answers table shows them.
      const library = await api.get<Page<Survey>>(
        `/api/event/surveys/?event=${summit.id}&duplicated__isnull=true`,
      );
      const answered = await api.get<Page<SurveyResponse>>(surveyResponsesPath(library.results[0]!.id));
      expect(answered.count).toBe(3);
      expect(
        answered.results.map((response) => response.answers.map((answer) => answer.text)),
      ).toContainEqual([
        '5/5',
        'Yes',
        'Analytics; Integrations',
        'The live demo of the check-in desk was the highlight.',
      ]);
      expect(answered.results.every((response) => response.session.title === 'Opening keynote')).toBe(true);

      // Email: the summit's schedule has its reminders, and its delivery log the registrants' confirmations.
      const schedule = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${summit.id}`);
      expect(
        schedule.results.filter((type) => type.email_type.startsWith('Reminder-')).length,
      ).toBeGreaterThan(0);
      const log = await api.get<EmailDeliveryPage>(
        `/api/event/email_deliveries/?event=${summit.id}&email_type=Registration`,
      );
      expect(log.counts.sent).toBeGreaterThan(0);

      // The repeating event: a weekly webinar, two occurrences past (the last one recorded), three
      // to come; its saved on-demand page is what every occurrence's on-demand page shows.
      const repeating = series.results.find((item) => item.is_repeating)!;
      expect(repeating).toMatchObject({
        event_type: 'Webinar',
        events_count: DEMO_REPEATING_EVENT.count,
        recurrence: { frequency: 'weekly', count: DEMO_REPEATING_EVENT.count },
      });
      const occurrences = (
        await api.get<Page<StudioEvent>>(`/api/event/?series=${repeating.id}&ordering=start_time&limit=25`)
      ).results;
      expect(occurrences.map((event) => event.title)).toEqual(
        Array<string>(DEMO_REPEATING_EVENT.count).fill(DEMO_REPEATING_EVENT.name),
      );
      const starts = occurrences.map((event) => Date.parse(event.start_time));
      for (const [n, start] of starts.slice(1).entries())
        expect(Math.round((start - starts[n]!) / 86_400_000)).toBe(7);
      const pastOccurrences = occurrences.filter((event) => Date.parse(event.end_time) < Date.now());
      expect(pastOccurrences).toHaveLength(2);
      const nextOccurrence = occurrences[2]!;
      expect(Date.parse(nextOccurrence.start_time)).toBeGreaterThan(Date.now());
      expect(
        (await api.get<Series>(`/api/event/series/${repeating.id}/?get_cached_data=true`)).cached_data,
      ).toMatchObject({
        past_events_count: 2,
        upcoming_events_count: 3,
        next_event: { id: nextOccurrence.id },
      });
      const recorded = pastOccurrences[1]!;
      const recordedSessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${recorded.id}`);
      expect(
        recordedSessions.results.map((session) => [
          session.title,
          session.video_assets.map((video) => video.title),
        ]),
      ).toEqual([[DEMO_REPEATING_EVENT.recordedSession, [DEMO_VIDEOS[0]!.name]]]);
      const occurrencePage = await studio.attendeeSite.inject({
        method: 'GET',
        url: eventOnDemandPath(recorded.id),
      });
      expect(occurrencePage.statusCode).toBe(200);
      expect(occurrencePage.body).toContain(`<title>${DEMO_REPEATING_EVENT.name}</title>`);
      expect(occurrencePage.body).toContain(DEMO_REPEATING_EVENT.page.subtitle);
      expect(occurrencePage.body).toContain(DEMO_REPEATING_EVENT.page.intro);
      expect(occurrencePage.body).toContain(DEMO_REPEATING_EVENT.page.cta);
      expect(occurrencePage.body).toMatch(
        new RegExp(`data-island="video" data-hls-src="[^"]*videos/${keynoteVideo.id}/[^"]*master.m3u8`),
      );
      // The next occurrence shows the same page, its recording yet to come.
      const nextPage = await studio.attendeeSite.inject({
        method: 'GET',
        url: eventOnDemandPath(nextOccurrence.id),
      });
      expect(nextPage.body).toContain(DEMO_REPEATING_EVENT.page.intro);
      expect(nextPage.body).toContain('The recording is not available yet.');
      // The occurrence's own builder says attendees see the repeating event's page.
      const ownPage = await api.get<{ repeating_event?: string }>(
        `/api/event/${recorded.id}/page/?kind=on_demand`,
      );
      expect(ownPage.repeating_event).toBe(repeating.id);

      // Readiness: the summit's alert centre names real gaps (nobody has done the tech check yet,
      // and the 12-second demo video is far shorter than its pre-recorded session); the hybrid
      // summit's default confirmation carries its check-in code and location.
      const readiness = await api.get<AlertCentre>(eventAlertCentrePath(summit.id));
      const keys = readiness.failed_checks.map((check) => check.key);
      expect(keys).toEqual(expect.arrayContaining(['SPEAKER_TECH_CHECK']));
      expect(keys).not.toContain('TEMPLATE_MISSING_QR_OR_LOCATION');
      expect(
        readiness.failed_checks.every((check) => check.action?.startsWith(`/events/${summit.id}/`)),
      ).toBe(true);

      // Engagement: the summit's chat has the staff's announcement and its stage a live poll.
      const messages = await api.get<Page<ChatMessage>>(engagementStudioPath(summit.id, 'messages'));
      expect(messages.results.some((message) => message.author.role === 'staff')).toBe(true);
      const polls = await api.get<Page<Poll>>(engagementStudioPath(summit.id, 'polls'));
      expect(polls.results.map((poll) => poll.state)).toEqual(['live']);

      // The brand kit (colours, fonts, a logo), which every demo event started from.
      const kit = await api.get<BrandKit>(`/api/core/organization/${id}/brand_kit/`);
      expect(kit.updated_at).not.toBeNull();
      expect(kit).toMatchObject({
        theme_secondary_color: DEMO_BRAND_KIT.branding.theme_secondary_color,
        theme_obj: {
          font_type: 'Web Safe Font',
          theme_font_name: 'Trebuchet MS',
          splash_font_type: 'Web Safe Font',
          splash_theme_font_name: 'Georgia',
        },
      });
      await expectPng(kit.logo_url);
      const launch = await api.get<StudioEventDetail>(
        `/api/event/${events.find((event) => event.title === 'Spring Product Launch')!.id}/`,
      );
      expect(launch).toMatchObject({
        logo_url: kit.logo_url,
        theme_obj: { theme_primary_color: DEMO_BRAND_KIT.branding.theme_obj.theme_primary_color },
      });

      // The filler slide, made a video by the job, is the branded conference's.
      const slides = await api.get<Page<FillerSlide>>('/api/core/filler-slide-library/');
      expect(slides.results.map((slide) => [slide.broadcast_filler_state, slide.status])).toEqual([
        ['GENERATED', 'Processed'],
      ]);
      const slide = slides.results[0]!;
      const video = await studio.app.inject({
        method: 'GET',
        url: new URL(slide.video_url!, 'http://studio.invalid').pathname,
      });
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(lines.some((line) => line.includes('Processed after'))).toBe(true);

      // The branded conference: its own colours, hero, logo, name card, tab titles, early entry, CTA.
      const branded = await api.get<StudioEventDetail>(`/api/event/${summit.id}/`);
      expect(branded.title).toBe(DEMO_BRANDED_EVENT.title);
      expect(branded).toMatchObject({
        ...DEMO_BRANDED_EVENT.branding,
        filler_slide: slide.id,
        theme_obj: DEMO_BRANDED_EVENT.branding.theme_obj,
      });
      expect(branded.disable_enter_event_button).toBe(false);
      expect(branded.logo_url).not.toBe(kit.logo_url);
      await expectPng(branded.logo_url);
      await expectPng(branded.theme_obj.splash_page_hero);

      // The reports: a saved custom report, opened by id with the summit's registrants counted.
      const reports = await api.get<Page<SavedReport>>(reportsPaths.saved);
      expect(reports.results.map((saved) => saved.name)).toEqual([DEMO_SAVED_REPORT.name]);
      const opened = await api.get<{ result: CustomReportResult }>(
        reportsPaths.savedReport(reports.results[0]!.id),
      );
      expect(opened.result.rows.some((row) => Number(row.registrations) > 0)).toBe(true);
      // The operator's usage summary shows the organiser's sign-in and clicks.
      const usage = await createStudioUsageRepository(studio.database.db).summary(1, 40);
      expect(usage).toContainEqual({ event: 'button_click', what: 'Create Event', times: 1, people: 1 });
      // ROI: the live event's cost against the attendance its attendees' beacons replayed.
      const roi = await api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=All-Hands`);
      const cost = DEMO_EVENT_COSTS[DEMO_ATTENDED_EVENT]!;
      expect(roi.results[0]).toMatchObject({
        name: DEMO_ATTENDED_EVENT,
        cost,
        registrations: DEMO_ATTENDING,
        attendees: DEMO_ATTENDING,
        cost_per_attendee: cost / DEMO_ATTENDING,
      });
      expect(roi.results[0]!.demo_requests).toBeGreaterThan(0);
      // Its attendees are Attended registrants, and its session counts the minutes the summary does.
      const allHandsId = events.find((event) => event.title === DEMO_ATTENDED_EVENT)!.id;
      const attendedMembers = await api.get<Page<EventMember>>(
        `/api/event/event-members/?event=${allHandsId}&event_user_status=ATTENDED&limit=1`,
      );
      expect(attendedMembers.count).toBe(DEMO_ATTENDING);
      const [attendedSummary, sessionsTab] = await Promise.all(
        (['summary', 'sessions'] as const).map((tab) =>
          api.get<AnalyticsReport>(analyticsPath(allHandsId, tab)),
        ),
      );
      expect(sessionsTab!.figures.viewers).toBe(DEMO_ATTENDING);
      // More people looked at its registration page than registered.
      expect(attendedSummary!.figures.page_views).toBeGreaterThan(DEMO_ATTENDING);
      expect(sessionsTab!.figures.watch_minutes).toBe(attendedSummary!.figures.live_minutes);
      // The past event: its recording watched on its public on-demand page, the visitors' beacons replayed.
      const past = events.find((event) => event.title === DEMO_WATCHED_EVENT)!;
      const watched = await api.get<AnalyticsReport>(analyticsPath(past.id, 'summary'));
      expect(watched.figures.on_demand_viewers).toBe(DEMO_ON_DEMAND_VISITORS);
      expect(watched.figures.on_demand_minutes).toBeGreaterThan(DEMO_ON_DEMAND_VISITORS);
      // The summit's registration page: its visitors by campaign, some of them back a second time.
      const preEvent = await api.get<AnalyticsReport>(analyticsPath(summit.id, 'pre-event'));
      const sources = preEvent.tables.sources as { source: string; visitors: number; page_views: number }[];
      expect(sources.map(({ source, visitors }) => ({ source, visitors }))).toEqual(
        DEMO_REGISTRATION_VISITS.map(({ visitors, utm }) => ({
          source: utm.utm_source ?? '(direct)',
          visitors,
        })),
      );
      expect(sources.every((row) => row.page_views > row.visitors)).toBe(true);
      expect(preEvent.figures.visitors).toBe(sources.reduce((sum, row) => sum + row.visitors, 0));
      // Its on-demand page plays the keynote recording (its pre-recorded launch keynote's video).
      const recording = (await api.get<Page<VideoAsset>>('/api/core/video_assets/?limit=50')).results.find(
        (video) => video.name === DEMO_VIDEOS[0]!.name,
      )!;
      const onDemand = await studio.attendeeSite.inject({ method: 'GET', url: eventOnDemandPath(past.id) });
      expect(onDemand.body).toMatch(
        new RegExp(`data-island="video" data-hls-src="[^"]*videos/${recording.id}/[^"]*master.m3u8`),
      );

      // The automation API: on, with a token the organiser's scripts may use.
      const tokens = await api.get<Page<ApiToken>>('/api/core/api_tokens/');
      expect(tokens.results.map((token) => token.name)).toEqual([DEMO_API_TOKEN_NAME]);
      const organization = await api.get<OrganizationDetail>(`/api/core/organization/${id}/`);
      expect(organization.feature_flags.isNewAutomationApiEnabled).toBe(true);

      // The summit's webhooks page shows the demo webhook, off, to a documentation address.
      const webhooks = await api.get<Page<ActivityWebhook>>(
        `/api/event/activity-webhooks/?event=${summit.id}`,
      );
      expect(webhooks.results).toEqual([
        expect.objectContaining({ ...DEMO_WEBHOOK, event: summit.id, is_active: false }),
      ]);
      expect(JSON.stringify(webhooks.results)).not.toContain('whsec_');
      // The organisation's Integrations page shows its own, for every event.
      const organizationWebhooks = await api.get<Page<ActivityWebhook>>('/api/event/activity-webhooks/');
      expect(organizationWebhooks.results).toEqual([
        expect.objectContaining({ ...DEMO_ORGANIZATION_WEBHOOK, event: null, is_active: false }),
      ]);

      // A second run finds the organisation and adds nothing.
      const again: string[] = [];
      const second = await seed((line) => again.push(line));
      expect(second).toMatchObject({ created: false, organization: first.organization });
      expect(again).toEqual([
        `The demo organisation "${first.organization.name}" already exists: nothing added.`,
      ]);
      expect((await api.get<Page<OrganizationUser>>('/api/core/users/')).count).toBe(4);
      expect((await api.get<Page<StudioEvent>>('/api/event/?filter=AllEvents')).count).toBe(
        DEMO_EVENTS.length + DEMO_REPEATING_EVENT.count,
      );
      expect((await api.get<Page<VideoAsset>>('/api/core/video_assets/')).count).toBe(5);
      expect((await api.get<Page<FillerSlide>>('/api/core/filler-slide-library/')).count).toBe(1);
    },
  );
});
