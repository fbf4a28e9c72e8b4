import { describe, expect, it } from 'vitest';
import {
  brandingErrorMessage,
  brandingMessages,
  patchPermissions,
  STAGE_ROLL_VIDEO_ERRORS,
} from './index.ts';

describe('patchPermissions', () => {
  it.each([
    [{ stage_roll_video_asset: 'v' }, ['branding:update']],
    [{ stage_roll_video_asset: null }, ['branding:update']],
    [{ title: 'x' }, ['event:update']],
    [{ title: 'x', stage_roll_video_asset: 'v' }, ['event:update', 'branding:update']],
    [{ title: undefined, stage_roll_video_asset: 'v' }, ['branding:update']],
    [{}, ['event:update']],
  ])('%j needs %j', (request, needed) => {
    expect(patchPermissions(request)).toEqual(needed);
  });
});

describe('brandingErrorMessage', () => {
  it("shows the code's own text, else the generic failure", () => {
    expect(brandingErrorMessage('UNPROCESSED_VIDEO_FOR_STAGE_ROLL')).toBe(
      STAGE_ROLL_VIDEO_ERRORS.UNPROCESSED_VIDEO_FOR_STAGE_ROLL,
    );
    expect(brandingErrorMessage('VIDEO_DOESNOT_BELONG_TO_ORGANIZATION')).toBe(
      "Video Asset does not belong to Event's Organization",
    );
    expect(brandingErrorMessage('SOMETHING_ELSE')).toBe(brandingMessages.updateFailed);
    expect(brandingErrorMessage(undefined)).toBe("Branding couldn't be updated, please try again");
  });
});
