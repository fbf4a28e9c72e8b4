import { Alert, Center, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  BUFFER_VIDEO_MODULE,
  FILLER_SLIDE_MODULE,
  brandingMessages,
  fillerSlideMessages,
  messages,
} from '@studio/domain';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBrandingSubject } from './branding-api.ts';
import type { VideoField } from '../../ui/video-field.ts';
import { BufferVideoModule } from './buffer-video-module.tsx';
import { FillerSlideModule } from './filler-slide-module.tsx';

/** The modules built so far, by the id the URL hash carries (002 §2.1). */
const modules = [
  { id: BUFFER_VIDEO_MODULE, label: brandingMessages.bufferVideoTitle },
  { id: FILLER_SLIDE_MODULE, label: fillerSlideMessages.moduleTitle },
];

/**
 * Look and Feel of an event, webinar or template (002 §2.1): the branding modules, the current one
 * kept in the URL hash (#bufferVideo by default). `VideoField` is the video library's, from app/.
 */
export function LookAndFeelPage({ VideoField }: { VideoField: VideoField }) {
  const { subject, isPending, isError, save } = useBrandingSubject();
  const location = useLocation();
  const navigate = useNavigate();
  const current = modules.find((module) => module.id === location.hash) ?? modules[0];

  useEffect(() => {
    if (location.hash !== current?.id)
      void navigate({
        href: `${location.pathname}${location.searchStr}#${current?.id ?? ''}`,
        replace: true,
      });
  }, [current, location.hash, location.pathname, location.searchStr, navigate]);

  return (
    <Stack gap="md">
      <Title order={2} size="h6" c="dimmed" tt="uppercase">
        Look and Feel
      </Title>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading branding" />
        </Center>
      ) : isError || !subject ? (
        <Alert color="red">{messages.somethingWentWrong}</Alert>
      ) : (
        <>
          <Text fw={600}>{subject.title}</Text>
          <Group align="flex-start" wrap="nowrap" gap="lg">
            <Stack gap={0} w={220} component="nav" aria-label="Branding modules">
              {modules.map((module) => (
                <NavLink
                  key={module.id}
                  label={module.label}
                  active={module.id === current?.id}
                  href={`#${module.id}`}
                />
              ))}
            </Stack>
            {current?.id === BUFFER_VIDEO_MODULE && (
              <BufferVideoModule subject={subject} onSave={save} VideoField={VideoField} />
            )}
            {current?.id === FILLER_SLIDE_MODULE && <FillerSlideModule subject={subject} onSave={save} />}
          </Group>
        </>
      )}
    </Stack>
  );
}
