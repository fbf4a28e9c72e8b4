import { Button, Stack, Switch, Table, Text } from '@mantine/core';
import {
  emailScheduleMessages,
  emailTemplateMessages,
  emailTypeDefinition,
  plural,
  templateHasSubject,
  type EmailSchedule,
} from '@studio/domain';
import { IconClockEdit } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { DeliveryLog } from './delivery-log.tsx';
import {
  useEmailSchedules,
  useAllEmailTemplates,
  useSaveEmailSchedules,
  useSetEmailTypeActive,
  type EmailOwner,
} from './email-api.ts';
import { isTimed, relativeTimeLabels, ScheduleDrawer, TimePassedNotice } from './schedule-drawer.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { TAP_CHECK_SIZE } from '../../ui/tap-target.ts';

export const SCHEDULE_DRAWER_HASH = 'schedule-drawer';

/** '1 day 2 hours before start', 'At end' with no offset, or 'When it happens' for the types sent on an action. */
function whenOf(schedule: EmailSchedule, timezone: string | null): string {
  if (!isTimed(schedule)) return 'When it happens';
  if (schedule.schedule_time) return formatDateTime(schedule.schedule_time, timezone ?? undefined);
  const parts = (['weeks', 'days', 'hours', 'minutes'] as const)
    .filter((part) => schedule[part] > 0)
    .map((part) => plural(schedule[part], part.slice(0, -1)));
  if (parts.length === 0) return schedule.relativeTime.endsWith('START') ? 'At start' : 'At end';
  return `${parts.join(' ')} ${relativeTimeLabels[schedule.relativeTime].toLowerCase()}`;
}

/** The server's refusals of a bulk save, by email type (`errors[email_type]`). */
function errorsByType(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = error.body as { errors?: Record<string, string[] | undefined> } | null;
  const entries = Object.entries(body?.errors ?? {}).flatMap(([type, messages]) =>
    messages?.[0] ? [[type, messages[0]] as const] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * The email schedule of an event, webinar, event template, series or repeating event: each email
 * type, when and to whom it goes, on or off; `#schedule-drawer` edits them all; an event also shows
 * its delivery log.
 */
export function EmailSchedulePage({ owner }: { owner: EmailOwner }) {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation({ select: ({ pathname, hash }) => ({ pathname, hash }) });
  const schedules = useEmailSchedules(owner);
  const templates = useAllEmailTemplates(owner);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const setActive = useSetEmailTypeActive(owner);
  const drawerOpen = hash === SCHEDULE_DRAWER_HASH;
  const setDrawer = (open: boolean) => {
    setServerErrors({});
    void navigate({ href: open ? `${pathname}#${SCHEDULE_DRAWER_HASH}` : pathname });
  };
  const save = useSaveEmailSchedules(owner, {
    onSaved: () => {
      setDrawer(false);
      showToast(emailScheduleMessages.saved, 'success');
    },
    onFailure: (error) => {
      const byType = errorsByType(error);
      if (byType) setServerErrors(byType);
      else showToast(emailScheduleMessages.errorSaving, 'error');
    },
  });
  useFailureToast(schedules.isError, emailScheduleMessages.errorLoading);

  const templatesHref = pathname.replace(/\/schedule$/, '/templates');
  // The drawer's Template list, by name (the templates come in the server's order); one saved
  // without a subject is not sent: named as needing one.
  const templateOptions = (templates.data ?? [])
    .map((template) => ({
      value: template.id,
      label: templateHasSubject(template) ? template.name : emailTemplateMessages.needsSubject(template.name),
      subject: template.subject,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const templateName = (id: string | null) =>
    templateOptions.find((option) => option.value === id)?.label ?? 'Default template';

  return (
    <Stack>
      <PageHeader
        title="Email Schedule"
        description="Which emails go out, when, and to whom."
        actions={
          <Button
            leftSection={<IconClockEdit size={16} aria-hidden />}
            onClick={() => setDrawer(true)}
            disabled={!schedules.data}
          >
            Edit schedule
          </Button>
        }
      />
      {schedules.isError ? (
        <ErrorAlert>{emailScheduleMessages.errorLoading}</ErrorAlert>
      ) : !schedules.data ? (
        <Loading label="Loading the email schedule" />
      ) : (
        <ListTable
          label="Scheduled emails"
          minWidth={640}
          verticalSpacing="sm"
          columns={[
            'Email',
            'When',
            { header: 'Audience', visibleFrom: 'md' },
            { header: 'Template', visibleFrom: 'md' },
            'Active',
          ]}
        >
          {schedules.data.results.map((schedule) => {
            const label = emailTypeDefinition(schedule.email_type).label;
            return (
              <Table.Tr key={schedule.id}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  {whenOf(schedule, schedules.data.context.timezone)}
                  {schedule.active && schedule.skipped && <TimePassedNotice />}
                </Table.Td>
                <Table.Td>{schedule.audience}</Table.Td>
                <Table.Td>
                  {schedule.email_template ? (
                    <HrefLink
                      href={`${templatesHref}?emailTemplateId=${encodeURIComponent(schedule.email_template)}`}
                    >
                      {templateName(schedule.email_template)}
                    </HrefLink>
                  ) : (
                    <Text size="sm">Default template</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    size={TAP_CHECK_SIZE}
                    aria-label={`${label} active`}
                    checked={schedule.active}
                    disabled={setActive.isPending}
                    onChange={(change) =>
                      setActive.mutate({ id: schedule.id, active: change.currentTarget.checked })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      {drawerOpen && schedules.data && (
        <ScheduleDrawer
          list={schedules.data}
          templates={templateOptions}
          saving={save.isPending}
          serverErrors={serverErrors}
          onSave={(items) => save.mutate(items)}
          onClose={() => setDrawer(false)}
        />
      )}
      {owner.context === 'event' && <DeliveryLog eventId={owner.id} />}
    </Stack>
  );
}
