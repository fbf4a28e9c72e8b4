import { Alert, Badge, Button, Group, Switch, TextInput } from '@mantine/core';
import {
  crmLabels,
  crmMessages,
  integrationLabels,
  type CrmConnection,
  type CrmType,
  type IntegrationType,
} from '@studio/domain';
import { useState, type ReactNode } from 'react';
import { ConnectorCard } from '../../ui/connector-card.tsx';
import { HrefLink } from '../../ui/href-link.tsx';

/** Where the organisation connects a connector (its credentials). */
export const connectPath = (crmType: IntegrationType) =>
  `/integrations/applications/${crmType}/settings/authentication`;

/** That a connector is not connected (the studio's words or the server's), with the way to connect it. */
export function NotConnectedAlert({ crmType, message }: { crmType: IntegrationType; message: string }) {
  return (
    <Alert color="yellow">
      {message} <HrefLink href={connectPath(crmType)}>Connect it</HrefLink>
    </Alert>
  );
}

/**
 * A connection's state: not connected, refused by the vendor (nothing pushed until it is
 * authenticated again), connected, or connected with a token past its 24 hours.
 */
export function ConnectionBadge({ connection }: { connection: CrmConnection | undefined }) {
  if (!connection?.is_authenticated)
    return (
      <Badge variant="light" color="gray">
        Not connected
      </Badge>
    );
  if (connection.needs_reauthentication)
    return (
      <Badge variant="light" color="red">
        Needs re-authentication
      </Badge>
    );
  return connection.token_expired ? (
    <Badge variant="light" color="yellow">
      Token expired
    </Badge>
  ) : (
    <Badge variant="light" color="green">
      Connected
    </Badge>
  );
}

/**
 * One connector's card on the organisation's, an event's, a template's or a series' page: its
 * connection, what `children` add, and its settings there (`settingsHref`) once connected, else
 * the way to connect it.
 */
export function CrmCard({ crmType, connection, settingsHref, children }: CrmCardProps) {
  const connected = connection?.is_authenticated === true;
  return (
    <ConnectorCard
      label={integrationLabels[crmType]}
      state={
        <Group gap="xs">
          <ConnectionBadge connection={connection} />
          {children}
        </Group>
      }
      href={connected ? settingsHref : connectPath(crmType)}
      linkLabel={connected ? 'Settings' : 'Connect'}
    />
  );
}

interface CrmCardProps {
  crmType: IntegrationType;
  connection: CrmConnection | undefined;
  settingsHref: string;
  /** More of its state, beside the connection's: on/off, sync counts, the account. */
  children?: ReactNode;
}

/**
 * The first rows of one CRM's settings, an event's or an integration template's: the way to connect
 * it while it is not, and the switch sending registrants to it.
 */
export function CrmSwitchRows({
  crmType,
  connected,
  label,
  checked,
  disabled,
  onChange,
}: CrmSwitchRowsProps) {
  return (
    <>
      {!connected && (
        <NotConnectedAlert crmType={crmType} message={crmMessages.notConnected(crmLabels[crmType])} />
      )}
      <Switch
        label={label}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </>
  );
}

interface CrmSwitchRowsProps {
  crmType: CrmType;
  connected: boolean;
  label: string;
  checked: boolean;
  /** An event's switch waits for the connection (its setting exists only then); a template's does not. */
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One text setting saved on its own (the campaign member status, the HubSpot portal). */
export function TextSettingForm({
  name,
  label,
  initial,
  action,
  pending,
  numeric,
  onSave,
}: TextSettingProps) {
  const [value, setValue] = useState(initial ?? '');
  return (
    <form
      noValidate
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value.trim());
      }}
    >
      <Group align="flex-end">
        <TextInput
          label={label}
          maxLength={255}
          inputMode={numeric ? 'numeric' : undefined}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={pending} disabled={!numeric && !value.trim()}>
          {action}
        </Button>
      </Group>
    </form>
  );
}

interface TextSettingProps {
  /** The form's accessible name. */
  name: string;
  label: string;
  initial: string | null;
  action: string;
  pending: boolean;
  /** A number typed as text (the HubSpot portal id); may be saved empty. */
  numeric?: boolean;
  onSave: (value: string) => void;
}
