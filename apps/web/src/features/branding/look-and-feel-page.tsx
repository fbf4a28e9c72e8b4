import {
  Accordion,
  Badge,
  Box,
  Button,
  Flex,
  Group,
  SegmentedControl,
  Stack,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  BRANDING_MODULES,
  permissionLabel,
  BRANDING_SECTIONS,
  brandingErrorMessage,
  brandingLocked,
  brandingMessages,
  messages,
  MODULE_FIELDS,
  moduleErrors,
  planAllows,
  type BrandingModuleId,
} from '@studio/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useMatch, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { organizationQuery } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useLeaveQuestion } from '../../ui/discard-question.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  useBrandingSubject,
  useApplyBrandKit,
  useSaveBranding,
  type BrandingSubject,
  type BrandingTarget,
} from './branding-api.ts';
import { useBrandingDraft } from './branding-draft.ts';
import { BrandingModule, type BrandingSlots } from './branding-modules.tsx';
import { useFillerSlide } from './filler-slides-api.ts';
import type { BrandingOrganization } from './module-props.ts';
import { BrandingPreview } from './preview/branding-preview.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * The sections and their modules (002 §2.1); the brand kit holds only the branding itself, not
 * what other areas save (buffer video, filler slide, tracking snippet).
 */
const sectionsFor = (subject: BrandingSubject) =>
  BRANDING_SECTIONS.map((section) => ({
    ...section,
    modules: section.modules.filter(
      (id: BrandingModuleId) =>
        subject.kind !== 'brandKit' || MODULE_FIELDS[id].event.length + MODULE_FIELDS[id].theme.length > 0,
    ),
  }));

const titleOf = ({ kind }: BrandingTarget) => (kind === 'brandKit' ? 'Brand Kit' : 'Look and Feel');

/**
 * Look and Feel of an event, webinar, repeating event or template (002 §2.1, §4.6): the section
 * groups of modules, each a collapsible panel, the current one in the URL hash, beside the live
 * preview; pending changes are saved together by PATCH of the event or template.
 */
export function LookAndFeelPage({ target, slots }: { target: BrandingTarget; slots: BrandingSlots }) {
  const subject = useBrandingSubject(target);
  return (
    <Stack gap="md">
      {subject.isPending ? (
        <>
          <PageHeader title={titleOf(target)} />
          <Loading label="Loading branding" />
        </>
      ) : subject.isError ? (
        <>
          <PageHeader title={titleOf(target)} />
          <ErrorAlert>{messages.somethingWentWrong}</ErrorAlert>
        </>
      ) : (
        <BrandingEditor subject={subject.data} slots={slots} />
      )}
    </Stack>
  );
}

/** The right saving branding needs (its server routes' PUT, PATCH and apply). */
const BRANDING_RIGHT = 'branding:update';
/** Why Save is disabled for a member who may read but not change the branding. */
const cannotSaveReason = `You need the "${permissionLabel(BRANDING_RIGHT)}" right to save these changes.`;

function BrandingEditor({ subject, slots }: { subject: BrandingSubject; slots: BrandingSlots }) {
  const { draft, state, patch, isPending, clear } = useBrandingDraft(subject.branding);
  const organization = useBrandingOrganization(subject.organizationId);
  const fillerSlide = useFillerSlide(subject.fillerSlideId);
  const save = useSaveBranding(subject);
  // Saving needs branding:update; the Brand Kit is also read by those who only create events.
  const canSave = useAccess(subject.organizationId).can(BRANDING_RIGHT);
  const location = useLocation();
  // While another page loads, the location is already that page's: the editor's hash stays here.
  const editorPath = useMatch({ strict: false, select: (match) => match.pathname });
  const navigate = useNavigate();
  const leaveQuestion = useLeaveQuestion(canSave && isPending);
  // A phone shows the settings or the preview, switched at the top (side by side from md up).
  const [narrowPane, setNarrowPane] = useState<'settings' | 'preview'>('settings');
  const [completed, setCompleted] = useState<ReadonlySet<BrandingModuleId>>(new Set());
  const sections = sectionsFor(subject);
  const moduleOrder = sections.flatMap((section) => section.modules);
  const current = moduleOrder.find((id) => id === location.hash) ?? moduleOrder[0]!;
  const context = { eventType: subject.eventType, boothsTab: organization.boothsTab };
  const errorsOf = (id: BrandingModuleId) => moduleErrors(id, draft, context);
  const currentValid = Object.keys(errorsOf(current)).length === 0;
  const locked = subject.kind === 'event' && brandingLocked(subject.startTime, new Date());

  const show = (id: BrandingModuleId) =>
    void navigate({ href: `${location.pathname}${location.searchStr}#${id}`, replace: true });
  useEffect(() => {
    if (location.pathname === editorPath && location.hash !== current) show(current);
  });

  /** 002 §2.1: a module cannot be left while it is invalid. */
  function open(id: BrandingModuleId | null) {
    if (!id || id === current) return;
    if (!currentValid) return showToast(brandingMessages.fillRequired, 'error');
    show(id);
  }

  function next() {
    if (!currentValid) return showToast(brandingMessages.fillRequired, 'error');
    setCompleted((done) => new Set(done).add(current));
    const following = moduleOrder[moduleOrder.indexOf(current) + 1];
    if (following) show(following);
  }

  async function saveAll() {
    if (!currentValid) return showToast(brandingMessages.fillRequired, 'error');
    if (!isPending) return showToast(brandingMessages.saved, 'success');
    try {
      await save.mutateAsync(patch);
      clear();
      showToast(brandingMessages.saved, 'success');
    } catch (error) {
      const code = error instanceof ApiRequestError ? (error.code ?? undefined) : undefined;
      showToast(brandingErrorMessage(code), 'error');
    }
  }

  return (
    <>
      <PageHeader
        title={titleOf(subject)}
        description={
          subject.kind === 'brandKit'
            ? 'The colors, fonts, logos and images new events and templates start from.'
            : subject.title
        }
        actions={
          <>
            {isPending && (
              <Badge variant="light" size="lg">
                Unsaved changes
              </Badge>
            )}
            {subject.kind === 'event' && <ApplyBrandKit subject={subject} />}
            <Tooltip label={cannotSaveReason} disabled={canSave}>
              {/* A span keeps the tooltip working on a disabled button. */}
              <span>
                <Button onClick={() => void saveAll()} loading={save.isPending} disabled={!canSave}>
                  Save
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />
      {leaveQuestion}
      {subject.kind !== 'brandKit' && (
        <SegmentedControl
          hiddenFrom="md"
          aria-label="Show"
          value={narrowPane}
          onChange={setNarrowPane}
          data={[
            { value: 'settings', label: 'Settings' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      )}
      <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
        <Stack
          gap="lg"
          w={{ base: '100%', md: 420 }}
          miw={0}
          display={{ base: narrowPane === 'settings' ? 'flex' : 'none', md: 'flex' }}
        >
          {sections.map((section) => (
            <Stack key={section.id} gap="xs" component="section" aria-label={section.title}>
              <Title order={2} size="h6" c="dimmed" tt="uppercase">
                {section.title}
              </Title>
              <Accordion variant="separated" value={current} onChange={(id) => open(id as BrandingModuleId)}>
                {section.modules.map((id) => (
                  <Accordion.Item key={id} value={id}>
                    <Accordion.Control>
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        {BRANDING_MODULES[id]}
                        {completed.has(id) && (
                          <IconCircleCheck size={18} color="teal" aria-label="Complete" />
                        )}
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      {id === current && (
                        <Stack gap="md">
                          <BrandingModule
                            id={id}
                            subject={subject}
                            draft={draft}
                            errors={errorsOf(id)}
                            locked={locked}
                            organization={organization}
                            slots={slots}
                          />
                          <Group justify="flex-end">
                            <Button variant="light" onClick={next}>
                              Next
                            </Button>
                          </Group>
                        </Stack>
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          ))}
        </Stack>
        {subject.kind !== 'brandKit' && (
          <Box
            flex={1}
            miw={0}
            w="100%"
            display={{ base: narrowPane === 'preview' ? 'block' : 'none', md: 'block' }}
          >
            <BrandingPreview
              subject={{ kind: subject.kind, id: subject.id }}
              state={state}
              currentModule={current}
              fillerImage={fillerSlide.data?.image_url ?? null}
            />
          </Box>
        )}
      </Flex>
    </>
  );
}

/** The organisation's flags and plan the modules' controls depend on (off until known). */
function useBrandingOrganization(organizationId: string): BrandingOrganization {
  const { data } = useQuery(organizationQuery(organizationId));
  return {
    flags: {
      useChatVisibility: data?.feature_flags.useChatVisibility ?? false,
      useNewChatApp: data?.feature_flags.useNewChatApp ?? false,
      assignQnaToSpeaker: data?.feature_flags.assignQnaToSpeaker ?? false,
    },
    boothsTab: data ? planAllows(data.pricing_config, 'boothsTab') : false,
  };
}

/** Issue 18 §7: "apply brand kit" on an existing event, after a confirmation. */
function ApplyBrandKit({ subject }: { subject: BrandingSubject }) {
  const [confirming, setConfirming] = useState(false);
  const apply = useApplyBrandKit(subject);
  return (
    <>
      <Button variant="default" onClick={() => setConfirming(true)}>
        Apply brand kit
      </Button>
      <ConfirmDialog
        opened={confirming}
        message="The organization's brand kit will replace this event's branding. Settings locked before the start keep their values."
        confirmLabel="Apply"
        confirming={apply.isPending}
        onConfirm={() => apply.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
