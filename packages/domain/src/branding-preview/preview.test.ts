import { describe, expect, it } from 'vitest';
import { brandingPreviewFocus, brandingPreviewPath, BRANDING_PREVIEW_PAGES } from './preview.ts';

describe('the live preview (002 §2.1)', () => {
  it("shows the landing page ('splash') first, then the stage, event tabs, onboarding and tech check", () => {
    expect(BRANDING_PREVIEW_PAGES).toEqual(['splash', 'stage', 'event_tabs', 'onboarding', 'tech_check']);
    expect(brandingPreviewPath('e1', 'stage')).toBe('/e/e1/preview/stage');
  });

  it.each([
    ['fillerSlide', 'monitor', { page: 'stage', show: 'filler' }],
    ['logos', 'monitor', { page: 'stage', show: 'sponsor_logo' }],
    ['lowerThirds', 'cellphone', { page: 'stage', show: 'lower_third' }],
    ['sidebarColor', 'cellphone', { page: 'stage', show: 'mobile_chat' }],
    ['sidebarColor', 'monitor', { page: 'stage', show: null }],
    ['agendaBackground', 'monitor', { page: 'splash', show: 'agenda_dropdown' }],
    ['PopupWindows', 'monitor', { page: 'stage', show: 'popup' }],
    ['chatExperience', 'cellphone', { page: 'stage', show: 'published_question' }],
    ['themebase', 'monitor', { page: 'onboarding', show: 'screen_saver' }],
    ['stageFont', 'monitor', { page: 'onboarding', show: null }],
  ] as const)('follows the module %s in the %s view', (moduleId, device, focus) => {
    expect(brandingPreviewFocus(moduleId, device, 'onboarding')).toEqual(focus);
  });
});
