import { Text } from '@mantine/core';
import type { BrandingModuleId } from '@studio/domain';
import type { ComponentType } from 'react';
import type { VideoField } from '../../ui/video-field.ts';
import { useSaveBranding, type BrandingSave } from './branding-api.ts';
import {
  HeroBackgroundModule,
  StageBackgroundModule,
  VideoStreamBackgroundModule,
} from './background-modules.tsx';
import { BufferVideoModule } from './buffer-video-module.tsx';
import { CallToActionModule } from './call-to-action-module.tsx';
import {
  AgendaTileShadeModule,
  ButtonCardColorModule,
  LandingAgendaBackgroundModule,
  LowerThirdsModule,
  NameCardModule,
  PopupWindowsModule,
  SidebarOverlayModule,
} from './color-modules.tsx';
import { Locked } from './branding-controls.tsx';
import { FillerSlideModule } from './filler-slide-module.tsx';
import { ChatExperienceModule, StageNavigationModule } from './engagement-modules.tsx';
import { EnterEventExperienceModule, HeaderSettingsModule } from './event-landing-modules.tsx';
import { LandingFontModule, StageFontModule } from './font-modules.tsx';
import {
  FaviconModule,
  LogoModule,
  OnstageLogosModule,
  SocialMediaThumbnailModule,
  VirtualBackgroundsModule,
} from './image-modules.tsx';
import type { ModuleProps } from './module-props.ts';

/** What other features give the editor, handed in by app/ (a feature never imports another). */
export interface BrandingSlots {
  /** The video library's one-video field (Buffer Video). */
  VideoField: VideoField;
  /** The code areas' tracking snippet editor of an event, saved on its own (002 §7.2). */
  TrackingSnippet: ComponentType<{ eventId: string }>;
}

/** The modules whose fields the editor keeps as pending changes, by id. */
const DRAFT_MODULES: Partial<Record<BrandingModuleId, ComponentType<ModuleProps>>> = {
  themebase: ButtonCardColorModule,
  logo: LogoModule,
  favicon: FaviconModule,
  socialMediaThumbnail: SocialMediaThumbnailModule,
  heroBackgroundV2: HeroBackgroundModule,
  headerSettings: HeaderSettingsModule,
  enterEventExperience: EnterEventExperienceModule,
  landingAgendaBackground: LandingAgendaBackgroundModule,
  landingFont: LandingFontModule,
  agendaBackground: AgendaTileShadeModule,
  stageFont: StageFontModule,
  stageBackground: StageBackgroundModule,
  videoStreamBackground: VideoStreamBackgroundModule,
  PopupWindows: PopupWindowsModule,
  sidebarColor: SidebarOverlayModule,
  callToAction: CallToActionModule,
  stageNavigation: StageNavigationModule,
  chatExperience: ChatExperienceModule,
  nameCard: NameCardModule,
  virtualBackgrounds: VirtualBackgroundsModule,
  logos: OnstageLogosModule,
  lowerThirds: LowerThirdsModule,
};

/**
 * One module's controls; the buffer video, filler slide (locked within the hour, 002 §5.4) and
 * tracking snippet save on their own.
 */
export function BrandingModule({
  id,
  slots,
  ...props
}: ModuleProps & { id: BrandingModuleId; slots: BrandingSlots }) {
  const save = useSaveBranding(props.subject);
  const onSave = async (patch: BrandingSave) => void (await save.mutateAsync(patch));
  if (id === 'bufferVideo')
    return <BufferVideoModule subject={props.subject} onSave={onSave} VideoField={slots.VideoField} />;
  if (id === 'fillerSlide')
    return (
      <Locked locked={props.locked}>
        <fieldset disabled={props.locked} style={{ border: 0, margin: 0, padding: 0 }}>
          <FillerSlideModule subject={props.subject} onSave={onSave} />
        </fieldset>
      </Locked>
    );
  if (id === 'trackingPixelSnippet')
    return props.subject.kind === 'event' ? (
      <slots.TrackingSnippet eventId={props.subject.id} />
    ) : (
      <Text size="sm" c="dimmed">
        A template has no tracking pixel snippet: set it on each event.
      </Text>
    );
  const Module = DRAFT_MODULES[id];
  return Module ? <Module {...props} /> : null;
}
