import { Button, Group, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { registrationMessages } from '@studio/domain';
import { useEffect, useState } from 'react';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import { FormBuilder } from './form-builder.tsx';
import { useCreateForm, useEventForm, useGlobalForms, useSaveForm } from './forms-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * An event's registration form (webinar `registration/form`, event `registration-new/page`):
 * choose one of the organisation's global forms, or build the event's own.
 */
export function EventFormPage({ eventId, title }: { eventId: string; title: string }) {
  const event = useEventForm(eventId);
  const globals = useGlobalForms(event.data?.organizationId ?? '');
  const failed = event.isError || globals.isError;
  useEffect(() => {
    if (failed) showToast(registrationMessages.errorLoadingForms, 'error');
  }, [failed]);
  const [mode, setMode] = useState<'global' | 'own' | null>(null);
  const chosenMode = mode ?? (event.data?.chosen?.is_global_form ? 'global' : 'own');
  const save = useSaveForm();
  const create = useCreateForm(() => undefined);

  return (
    <>
      <PageHeader
        title={title}
        description="The questions people answer when they register: first name, last name and email, then yours."
      />
      {failed ? (
        <ErrorAlert>{registrationMessages.errorLoadingForms}</ErrorAlert>
      ) : (
        <ListStates
          pending={event.isPending || globals.isPending}
          loadingLabel="Loading the registration form"
        >
          {event.data && globals.data && (
            <Stack>
              <Radio.Group
                label="This event asks"
                value={chosenMode}
                onChange={(value) => setMode(value === 'global' ? 'global' : 'own')}
              >
                <Group mt={6}>
                  <Radio value="own" label="Its own form" />
                  <Radio value="global" label="One of the organization's forms" />
                </Group>
              </Radio.Group>
              {chosenMode === 'global' ? (
                <Paper withBorder p="md" radius="md">
                  <Select
                    label="Form"
                    placeholder={
                      globals.data.count === 0 ? 'No forms yet (Settings → Forms)' : 'Choose a form'
                    }
                    data={globals.data.results.map((form) => ({ value: form.id, label: form.name }))}
                    value={event.data.chosen?.is_global_form ? event.data.chosen.id : null}
                    disabled={save.isPending}
                    onChange={(id) => {
                      const form = globals.data.results.find((candidate) => candidate.id === id);
                      if (form) save.mutate({ id: form.id, formio_data: form.formio_data, event: eventId });
                    }}
                  />
                </Paper>
              ) : event.data.own ? (
                <FormBuilder
                  key={event.data.own.id}
                  name={event.data.own.name}
                  formio_data={event.data.own.formio_data}
                  saving={save.isPending}
                  onSave={(values) =>
                    event.data.own && save.mutate({ id: event.data.own.id, ...values, event: eventId })
                  }
                />
              ) : (
                <Paper withBorder p="md" radius="md">
                  <Stack align="flex-start">
                    <Text>This event has no form of its own yet.</Text>
                    <Button
                      loading={create.isPending}
                      onClick={() => create.mutate({ name: 'Registration form', event: eventId })}
                    >
                      Build this event's form
                    </Button>
                  </Stack>
                </Paper>
              )}
            </Stack>
          )}
        </ListStates>
      )}
    </>
  );
}
