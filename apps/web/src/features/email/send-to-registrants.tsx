import { Button, Modal, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { registrationMessages } from '@studio/domain';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { namedPill } from '../../ui/multi-select-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import {
  useSendToRegistrants,
  useSeatedRegistrants,
  useSeriesRegistrantsTotal,
  type RegistrantsOwner,
} from './email-api.ts';

/** Said under 'Total registrants: 0', where Send stays disabled. */
export const NOBODY_TO_SEND_TO = 'No one has registered yet: there is nobody to send this email to.';
/** Said under the picker while 'Chosen registrants' has none chosen, where Send stays disabled. */
export const CHOOSE_REGISTRANTS = 'Choose at least one registrant to send this email to.';

/**
 * The template sent now to the registrants (002 §7.13a): a bulk email to all of them, their total
 * shown first, or (an event's) a custom email to the ones chosen among the latest 20 — an event's
 * registrants being those holding a seat, as the bulk send's. A series'
 * registrants are those of its events, each person once. `beforeSend` saves unsaved changes (a
 * send uses the saved template); false stops the send.
 */
export function SendToRegistrants({
  owner,
  templateId,
  beforeSend,
}: {
  owner: RegistrantsOwner;
  templateId: string;
  beforeSend: () => Promise<boolean>;
}) {
  const [opened, setOpened] = useState(false);
  const [audience, setAudience] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const ofEvent = owner.context === 'event';
  const eventTotal = useSeatedRegistrants(owner.id, opened && ofEvent);
  const seriesTotal = useSeriesRegistrantsTotal(owner.id, opened && !ofEvent);
  const total = ofEvent ? eventTotal : seriesTotal;
  const send = useSendToRegistrants(owner, () => setOpened(false));
  useFailureToast(total.isError, registrationMessages.errorFetchingTotalRegistrants);
  const count = total.data?.count;
  const sendNow = async () => {
    if (!(await beforeSend())) return;
    send.mutate({ templateId, registrants: ofEvent && audience === 'chosen' ? chosen : null });
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUsers size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Send to registrants
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Send to registrants">
        <Stack>
          <Text>{count === undefined ? 'Counting registrants…' : `Total registrants: ${count}`}</Text>
          {/* Why Send waits, rather than a disabled button with no reason. */}
          {count === 0 && (
            <Text size="sm" c="dimmed">
              {NOBODY_TO_SEND_TO}
            </Text>
          )}
          {ofEvent && (
            <SegmentedControl
              aria-label="Recipients"
              value={audience}
              onChange={setAudience}
              data={[
                { value: 'all', label: 'All registrants' },
                { value: 'chosen', label: 'Chosen registrants' },
              ]}
            />
          )}
          {ofEvent && audience === 'chosen' && (
            <MultiSelect
              label="Registrants"
              description="Among the latest 20 registrants."
              searchable
              renderPill={namedPill}
              value={chosen}
              onChange={setChosen}
              data={(eventTotal.data?.results ?? []).map((member) => ({
                value: member.id,
                label: `${member.full_name} (${member.email})`,
              }))}
            />
          )}
          {ofEvent && audience === 'chosen' && !!count && chosen.length === 0 && (
            <Text size="sm" c="dimmed">
              {CHOOSE_REGISTRANTS}
            </Text>
          )}
          <Button
            loading={send.isPending}
            disabled={!count || (audience === 'chosen' && chosen.length === 0)}
            onClick={() => void sendNow()}
          >
            Send
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
