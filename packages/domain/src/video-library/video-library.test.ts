import { describe, expect, it } from 'vitest';
import {
  contentLabVideoPath,
  displayStatus,
  isProcessed,
  processedStatus,
  editErrorCode,
  editInContentLabEligibility,
  formatMessage,
  formatVideoDuration,
  isHlsPlaybackAvailable,
  isSelectable,
  rowActions,
  sourceLabel,
  sourceOptions,
  STATUS_LABELS,
  validateVideoName,
  videoDetailsFormSchema,
  videoFileName,
  videoNameFormSchema,
  videoAssetListQuerySchema,
  videoLibraryMessages,
  clientSocketMessageSchema,
  deleteNeedsUsageCheck,
  PAGE_OWNER_USAGE_TYPES,
  USAGE_SUBTYPE_LABELS,
  usageSubtypeOf,
} from '../index.ts';

describe('display status (spec 000 §4)', () => {
  it.each([
    ['PROGRESSING', 'UPLOAD', null, 'PROCESSING_HD'],
    ['PROGRESSING', 'CL_UPLOAD', 'cl/x.m3u8', 'PROCESSING_HD'],
    ['PROGRESSING', 'CL_UPLOAD', null, 'PROGRESSING'],
    ['PROGRESSING', 'CLIP', null, 'PROGRESSING'],
    [null, 'EVENT_RECORDING', null, 'PROGRESSING'],
    [null, 'UPLOAD', null, 'PROCESSING_HD'],
    ['SUBMITTED', 'UPLOAD', null, 'SUBMITTED'],
    ['PROCESSING_HD', 'UPLOAD', null, 'PROCESSING_HD'],
    ['COMPLETE', 'UPLOAD', null, 'COMPLETE'],
    ['ERROR', 'CLIP', null, 'ERROR'],
    ['READY_TO_PUBLISH', 'CLIP', null, 'READY_TO_PUBLISH'],
    ['DONE', 'CLIP', null, 'UNKNOWN'],
  ] as const)('%s %s (client hls %s) shows %s', (transcode_status, source, client_hls_path, expected) => {
    expect(displayStatus({ transcode_status, source, client_hls_path })).toBe(expected);
  });

  it('labels every status as the spec does', () => {
    expect(STATUS_LABELS).toEqual({
      SUBMITTED: 'Pending',
      PROGRESSING: 'Processing',
      PROCESSING_HD: 'Processing',
      COMPLETE: 'Completed',
      ERROR: 'Error',
      READY_TO_PUBLISH: 'Ready to be Published',
      UNKNOWN: 'Unknown',
    });
  });
});

describe('selectable rule (spec 000 §4)', () => {
  const audio =
    'Audio files cannot be played directly in events. You can use .mp4 format for event playback.';
  it.each([
    ['UPLOAD', 'ERROR', [audio], true],
    ['CL_UPLOAD', 'COMPLETE', [], true],
    ['CL_UPLOAD', 'ERROR', [], false],
    ['CL_UPLOAD', 'COMPLETE', [audio], false],
    ['CL_UPLOAD', 'COMPLETE', ['AUDIO_FILE_UPLOADED'], false],
    ['CLIP', 'ERROR', [], true],
    ['UPLOAD', 'READY_TO_PUBLISH', [], false],
    ['CLIP', 'READY_TO_PUBLISH', [], false],
  ] as const)('%s in %s with %j → %s', (source, transcode_status, transcoder_warnings, expected) => {
    expect(isSelectable({ source, transcode_status, transcoder_warnings })).toBe(expected);
  });
});

describe('sources (spec 000 §3, §6)', () => {
  it.each([
    ['EVENT_RECORDING', 'Event Recording', 'Event Recording'],
    ['DIRECT_RECORDING', 'Recording Studio', 'Recording Studio'],
    ['CL_UPLOAD', 'Content Lab Upload', 'Upload'],
    ['UPLOAD', 'Manual Upload', 'Event Asset'],
    ['UPLOADED', 'Manual Upload', 'Event Asset'],
    ['CLIP', 'Content Lab Clip', 'Clip'],
  ])('%s reads %s with the flag off and %s with it on', (source, off, on) => {
    expect(sourceLabel(source, false)).toBe(off);
    expect(sourceLabel(source, true)).toBe(on);
  });

  it('offers the options each flag adds', () => {
    const none = {
      Use_CL_Uploads_In_VL: false,
      isRecordingStudioPricingEnabled: false,
      showVideoLibraryClipPublish: false,
    };
    expect(
      sourceOptions(none, { isContentPage: false, isEuRegion: false }).map((option) => option.value),
    ).toEqual(['EVENT_RECORDING', 'UPLOAD']);
    expect(sourceOptions(none, { isContentPage: true, isEuRegion: true })).toEqual([]);
    const all = {
      Use_CL_Uploads_In_VL: true,
      isRecordingStudioPricingEnabled: true,
      showVideoLibraryClipPublish: true,
    };
    expect(sourceOptions(all, { isContentPage: false, isEuRegion: false })).toEqual([
      { value: 'EVENT_RECORDING', label: 'Event Recording' },
      { value: 'DIRECT_RECORDING', label: 'Recording Studio' },
      { value: 'CL_UPLOAD', label: 'Upload' },
      { value: 'UPLOAD', label: 'Event Asset' },
      { value: 'CLIP', label: 'Clip' },
    ]);
  });
});

describe('edit in Content Lab (spec 000 §4)', () => {
  it.each([
    ['UPLOAD', 'COMPLETE', false, { eligible: false, reason: 'LEGACY_VIDEO' }],
    ['EVENT_RECORDING', 'COMPLETE', false, { eligible: true }],
    ['DIRECT_RECORDING', 'READY_TO_PUBLISH', false, { eligible: true }],
    ['EVENT_RECORDING', 'PROGRESSING', false, { eligible: false, reason: 'NOT_READY' }],
    ['CL_UPLOAD', 'PROGRESSING', false, { eligible: true }],
    ['CL_UPLOAD', 'ERROR', false, { eligible: false, reason: 'NOT_READY' }],
    ['CLIP', 'ERROR', false, { eligible: true }],
    ['CLIP', 'COMPLETE', true, { eligible: false, reason: 'EU_REGION' }],
  ] as const)('%s in %s (EU %s)', (source, transcode_status, isEuRegion, expected) => {
    expect(editInContentLabEligibility({ source, transcode_status }, { isEuRegion })).toEqual(expected);
  });

  it('falls back to UNKNOWN_ERROR for unknown codes', () => {
    expect(editErrorCode('LEGACY_VIDEO')).toBe('LEGACY_VIDEO');
    expect(editErrorCode('NOPE')).toBe('UNKNOWN_ERROR');
    expect(editErrorCode(undefined)).toBe('UNKNOWN_ERROR');
  });
});

describe('playback and row actions', () => {
  // A library upload in PROCESSING_HD plays as soon as its instant HLS exists.
  it.each([
    ['UPLOAD', 'COMPLETE', undefined, 'h', true],
    ['UPLOAD', 'COMPLETE', undefined, null, false],
    ['UPLOAD', 'PROCESSING_HD', undefined, 'h', true],
    ['UPLOAD', 'PROGRESSING', undefined, 'h', true],
    ['UPLOAD', 'PROGRESSING', undefined, null, false],
    ['CLIP', 'PROGRESSING', undefined, 'h', false],
    ['CL_UPLOAD', 'PROGRESSING', 'p', 'h', true],
  ] as const)(
    'plays HLS when COMPLETE, or PROCESSING_HD (instant playback) for any upload with HLS: %s %s (client hls %s, hls %s) %s',
    (source, transcode_status, client_hls_path, hlsUrl, plays) => {
      expect(isHlsPlaybackAvailable({ source, transcode_status, client_hls_path, hlsUrl })).toBe(plays);
    },
  );

  it('hides and disables actions as spec 000 §5 says', () => {
    const base = { creation_type: 'UPLOADED', hlsUrl: 'h', mp4Url: 'm', client_hls_path: null };
    const context = { isSelected: false, legacyMode: false, assetLibraryVariant: false };
    const complete = rowActions({ ...base, source: 'UPLOAD', transcode_status: 'COMPLETE' }, context);
    expect(complete).toEqual({
      preview: true,
      download: true,
      rename: { visible: true, disabledReason: null },
      delete: { visible: true, disabledReason: null },
      edit: false,
    });
    expect(
      rowActions({ ...base, source: 'UPLOAD', transcode_status: 'PROCESSING_HD' }, context).preview,
    ).toBe(true);
    expect(
      rowActions({ ...base, source: 'UPLOAD', transcode_status: 'PROCESSING_HD', hlsUrl: null }, context)
        .preview,
    ).toBe(false);
    const progressing = rowActions({ ...base, source: 'CLIP', transcode_status: 'PROGRESSING' }, context);
    expect(progressing.delete.disabledReason).toBe(
      'This video is not ready yet. Please try again after some time.',
    );
    expect(progressing.rename.disabledReason).toBe(
      'This video is not ready yet. Please try again after some time.',
    );
    expect(
      rowActions({ ...base, source: 'CLIP', transcode_status: 'COMPLETE' }, { ...context, isSelected: true })
        .delete.disabledReason,
    ).toBe('Please deselect this video before deleting it from the library.');
    expect(
      rowActions({ ...base, source: 'EVENT_RECORDING', transcode_status: 'COMPLETE' }, context).delete
        .visible,
    ).toBe(false);
    const recorded = rowActions(
      { ...base, creation_type: 'RECORDED', source: 'CLIP', transcode_status: 'COMPLETE' },
      { ...context, assetLibraryVariant: true },
    );
    expect([recorded.rename.visible, recorded.delete.visible]).toEqual([false, false]);
    expect(rowActions({ ...base, source: 'CLIP', transcode_status: 'ERROR' }, context).edit).toBe(false);
    expect(
      rowActions({ ...base, source: 'CLIP', transcode_status: 'COMPLETE' }, { ...context, legacyMode: true })
        .edit,
    ).toBe(false);
  });

  it('checks usage before deleting any video in use, whatever the flags (the server refuses it: 409)', () => {
    expect(deleteNeedsUsageCheck({ video_usage_count: 1 })).toBe(true);
    expect(deleteNeedsUsageCheck({ video_usage_count: 2 })).toBe(true);
    expect(deleteNeedsUsageCheck({ video_usage_count: 0 })).toBe(false);
  });
});

describe('rename and duration', () => {
  it('requires a name after trimming, at most 255 characters', () => {
    expect(validateVideoName('  Keynote  ')).toEqual({ ok: true, name: 'Keynote' });
    expect(validateVideoName('   ')).toEqual({ ok: false, message: 'Video name cannot be empty.' });
    expect(validateVideoName('x'.repeat(255))).toMatchObject({ ok: true });
    expect(validateVideoName('x'.repeat(256))).toMatchObject({ ok: false });
  });

  it('names a downloaded file after the video: letters, digits, spaces, dashes and dots', () => {
    expect(videoFileName('Keynote: Día 1 / "final"', 'mp4')).toBe('Keynote Dia 1 final.mp4');
    expect(videoFileName('  a \t b  ', 'srt')).toBe('a b.srt');
    expect(videoFileName('???', 'zip')).toBe('video.zip');
    expect(videoFileName('x'.repeat(200), 'vtt')).toBe(`${'x'.repeat(120)}.vtt`);
  });

  it('checks the rename and details forms with the same rule', () => {
    expect(videoNameFormSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Video name cannot be empty.',
    );
    expect(videoNameFormSchema.safeParse({ name: 'Keynote' }).success).toBe(true);
    expect(videoDetailsFormSchema.safeParse({ name: 'x'.repeat(256), description: '' }).success).toBe(false);
    expect(videoDetailsFormSchema.safeParse({ name: 'Keynote', description: 'd'.repeat(5001) }).success).toBe(
      false,
    );
  });

  it.each([
    [null, '-'],
    [Number.NaN, '-'],
    [0, '00:00'],
    [59.9, '00:59'],
    [61, '01:01'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [36_061, '10:01:01'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatVideoDuration(seconds)).toBe(text);
  });

  it('fills message placeholders', () => {
    expect(formatMessage(videoLibraryMessages.deleteConfirmBody, { name: 'Keynote' })).toBe(
      'You are deleting the video Keynote. This action cannot be undone.',
    );
  });
});

describe('list query', () => {
  it('reads repeated and comma-separated values, aliases and defaults', () => {
    const parsed = videoAssetListQuerySchema.parse({
      source: ['UPLOADED', 'CLIP,CL_UPLOAD'],
      event_ids: '6f1d1b1e-8c55-4f4b-9f0e-1d6f1c1b2a3c',
      workspace__isnull: 'true',
      creation_type: 'UPLOADED',
    });
    expect(parsed).toMatchObject({
      ordering: '-created_at',
      source: ['UPLOAD', 'CLIP', 'CL_UPLOAD'],
      event_ids: ['6f1d1b1e-8c55-4f4b-9f0e-1d6f1c1b2a3c'],
      workspace__isnull: true,
      creation_type: ['UPLOADED'],
    });
    expect(videoAssetListQuerySchema.safeParse({ ordering: 'duration' }).success).toBe(false);
    expect(videoAssetListQuerySchema.safeParse({ workspace: 'no-team' }).success).toBe(true);
    expect(videoAssetListQuerySchema.safeParse({ workspace: 'elsewhere' }).success).toBe(false);
    expect(videoAssetListQuerySchema.safeParse({ source: 'MOVIE' }).success).toBe(false);
  });

  it('reads the websocket client message', () => {
    expect(
      clientSocketMessageSchema.parse({
        type: 'setEventId',
        data: { eventId: 'e1', userId: 'u1', route: '/videos' },
      }),
    ).toMatchObject({
      type: 'setEventId',
    });
    expect(clientSocketMessageSchema.safeParse({ type: 'subscribe' }).success).toBe(false);
  });
});

describe('clip publish and Content Lab addresses (issue 37 §3)', () => {
  it('ends a clip READY_TO_PUBLISH only with showVideoLibraryClipPublish; both count as processed', () => {
    expect(processedStatus('CLIP', { showVideoLibraryClipPublish: true })).toBe('READY_TO_PUBLISH');
    expect(processedStatus('CLIP', { showVideoLibraryClipPublish: false })).toBe('COMPLETE');
    expect(processedStatus('UPLOAD', { showVideoLibraryClipPublish: true })).toBe('COMPLETE');
    expect([isProcessed('COMPLETE'), isProcessed('READY_TO_PUBLISH'), isProcessed('PROGRESSING')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('opens a Content Lab upload still PROGRESSING on its import page, anything else on its recordings page', () => {
    expect(
      contentLabVideoPath('library', { id: 'v1', source: 'CL_UPLOAD', transcode_status: 'PROGRESSING' }),
    ).toBe('/content/import/library/v1/');
    expect(contentLabVideoPath('7', { id: 'v1', source: 'CL_UPLOAD', transcode_status: 'COMPLETE' })).toBe(
      '/content/7/v1/recordings',
    );
    expect(
      contentLabVideoPath('library', {
        id: 'v2',
        source: 'EVENT_RECORDING',
        transcode_status: 'PROGRESSING',
      }),
    ).toBe('/content/library/v2/recordings');
  });
});

describe('usage entries (spec 000 §3)', () => {
  it.each([
    ['Webinar', 'WEBINAR'],
    ['Conference', 'CONFERENCE'],
    ['Recording', 'RECORDING'],
    [null, null],
  ])('an owner of event type %s is a usage of subtype %s, labelled', (eventType, subtype) => {
    expect(usageSubtypeOf(eventType)).toBe(subtype);
    if (subtype) expect(USAGE_SUBTYPE_LABELS[subtype]).toBeDefined();
  });

  it("names a page's owner by the spec's entity types (a hub page is HUB, a template STUDIO_EVENT_TEMPLATE)", () => {
    expect(PAGE_OWNER_USAGE_TYPES).toEqual({
      event: 'EVENT',
      series: 'SERIES',
      template: 'STUDIO_EVENT_TEMPLATE',
      hub_page: 'HUB',
    });
  });
});
