import { describe, expect, it } from 'vitest';
import { patchPermissions } from '../branding/index.ts';
import { serverSocketMessageSchema } from '../video-library/realtime.ts';
import {
  createFillerSlideRequestSchema,
  fillerImageProblem,
  fillerSlideListQuerySchema,
  fillerSlideMessages,
  fillerSlideStatus,
  renameFillerSlideRequestSchema,
} from './index.ts';

const ratioMessage = 'The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.';

describe('fillerSlideStatus (002 §4.2)', () => {
  it.each([
    ['PROCESSING', 'Processing...'],
    ['NOT_GENERATED', 'Processing...'],
    [null, 'Processing...'],
    ['GENERATED', 'Processed'],
    ['FAILED', 'Processing Stopped'],
    ['SOMETHING_NEW', 'Processing Stopped'],
  ])('%s reads %s', (state, label) => {
    expect(fillerSlideStatus(state)).toBe(label);
  });
});

describe('fillerImageProblem (002 §5.6)', () => {
  const MB = 1_048_576;
  it.each([
    [{ size: MB, width: 1920, height: 1080 }, null],
    [{ size: MB, width: 1280, height: 720 }, null],
    [{ size: MB, width: 2400, height: 1350 }, null],
    [{ size: 1_048_576_000, width: 1920, height: 1080 }, null],
    [{ size: 1_048_576_001, width: 1920, height: 1080 }, ratioMessage],
    [{ size: MB, width: 2560, height: 1440 }, ratioMessage],
    [{ size: MB, width: 1080, height: 1920 }, ratioMessage],
    [{ size: MB, width: 1600, height: 1200 }, ratioMessage],
    [{ size: MB, width: 0, height: 0 }, ratioMessage],
  ])('%j → %s', (file, problem) => {
    expect(fillerImageProblem(file)).toBe(problem);
  });
});

describe('rename and create bodies (002 §5.6, §7.1)', () => {
  it.each([
    ['  Welcome  ', { success: true, data: { file_name: 'Welcome' } }],
    ['x'.repeat(255), { success: true }],
    ['   ', { success: false, message: 'Video name cannot be empty.' }],
    ['', { success: false, message: 'Video name cannot be empty.' }],
    ['x'.repeat(256), { success: false, message: 'Ensure this field has no more than 255 characters.' }],
  ])('file_name %j', (fileName, expected) => {
    const parsed = renameFillerSlideRequestSchema.safeParse({ file_name: fileName });
    expect(parsed.success).toBe(expected.success);
    if ('data' in expected) expect(parsed.data).toEqual(expected.data);
    if ('message' in expected) expect(parsed.error?.issues[0]?.message).toBe(expected.message);
  });

  it('creates with the image path and the workspace or null', () => {
    const body = {
      file_name: 'Break',
      organization: 'org',
      broadcast_filler_image_s3_path: 'files/org/organization/abc/break.png',
      workspace: null,
    };
    expect(createFillerSlideRequestSchema.parse(body)).toEqual(body);
    expect(createFillerSlideRequestSchema.safeParse({ ...body, workspace: 'team' }).success).toBe(false);
    expect(createFillerSlideRequestSchema.safeParse({ file_name: 'x' }).success).toBe(false);
  });
});

describe('the list query (002 §7.1)', () => {
  it('reads ordering, uploaded and paging; newest first by default', () => {
    expect(fillerSlideListQuerySchema.parse({ uploaded: 'true', limit: '5', offset: '10' })).toEqual({
      ordering: '-created_at',
      uploaded: true,
      limit: 5,
      offset: 10,
    });
    expect(fillerSlideListQuerySchema.safeParse({ ordering: 'id' }).success).toBe(false);
  });
});

describe('filler slide strings and wiring', () => {
  it('has every toast of 002 §8.1 verbatim', () => {
    expect(fillerSlideMessages).toMatchObject({
      renamed: 'Filler slide renamed successfully.',
      deleted: 'Filler slide deleted successfully.',
      loadFailed: 'The filler slide could not be loaded.',
      uploadFailed: 'File upload failed',
      deleteFailed: 'Something went wrong. Please try again.',
      wrongRatio: ratioMessage,
      dialogTitle: 'Select Filler Slide',
      deleteTitle: 'Are you sure?',
      deleting: 'Deleting...',
    });
    expect(fillerSlideMessages.deleteBody('Intro')).toBe(
      'You are deleting the filler slide Intro. This action cannot be undone.',
    );
  });

  it('is a branding field (branding:update) and a socket push', () => {
    expect(patchPermissions({ filler_slide: null })).toEqual(['branding:update']);
    const push = {
      type: 'filler-slide-updated',
      data: { id: 'a', workspace: null, broadcast_filler_state: 'GENERATED' },
    };
    expect(serverSocketMessageSchema.parse(push)).toEqual(push);
  });
});
