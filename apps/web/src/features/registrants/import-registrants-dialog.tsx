import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { FLAT_FILE_COLUMNS, FLAT_FILE_MAX_BYTES, plural, type FlatFileValidation } from '@studio/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { useSubmitFlatFile, useValidateFlatFile } from './registrants-api.ts';
import { ListTable } from '../../ui/list-table.tsx';

/**
 * Import from CSV (002 §7.13a): the file is checked first (its rejected rows listed), then every
 * valid row is registered on Submit and the rejected ones are skipped.
 */
export function ImportRegistrantsDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<FlatFileValidation | null>(null);
  const validate = useValidateFlatFile(eventId);
  const submit = useSubmitFlatFile(eventId);
  const result = submit.data;
  const tooBig = file !== null && file.size > FLAT_FILE_MAX_BYTES;
  return (
    <StudioDialog opened onClose={onClose} title="Import Registrants" size="large">
      <Stack>
        {result ? (
          <Alert color="teal" role="status" title="Import finished">
            {/* `created` counts the new seats; the waitlisted were added too. */}
            {plural(result.created + result.waitlisted, 'registrant')} added ({result.waitlisted} waitlisted),{' '}
            {plural(result.existing, 'person', 'people')} already registered, {plural(result.rejected, 'row')}{' '}
            rejected.
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              A CSV file with a header row: {FLAT_FILE_COLUMNS.join(', ')}; other columns are the form&apos;s
              answers.
            </Text>
            <FileInput
              label="CSV file"
              accept=".csv,text/csv"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              value={file}
              clearable
              error={tooBig ? `The file is larger than ${FLAT_FILE_MAX_BYTES / 1024 / 1024} MB.` : undefined}
              onChange={(picked) => {
                setFile(picked);
                setSheet(null);
              }}
            />
          </>
        )}
        {sheet && !result && (
          <Stack gap="xs">
            <Text size="sm" role="status">
              {plural(sheet.rows, 'row')} of {sheet.total_rows} will be imported.
            </Text>
            {sheet.errors.length > 0 && (
              <ListTable
                striped
                label="Rejected rows"
                columns={['Row', 'Field', 'Error']}
                minWidth={480}
                maxHeight={280}
              >
                {sheet.errors.map((error) => (
                  <Table.Tr key={`${error.row}-${error.field ?? ''}-${error.message}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.field ?? '—'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          {!result &&
            (sheet ? (
              <Button
                loading={submit.isPending}
                disabled={sheet.rows === 0}
                onClick={() => submit.mutate(sheet.sheet_id)}
              >
                Submit
              </Button>
            ) : (
              <Button
                loading={validate.isPending}
                disabled={!file || tooBig}
                onClick={() => file && validate.mutate(file, { onSuccess: setSheet })}
              >
                Validate
              </Button>
            ))}
        </Group>
      </Stack>
    </StudioDialog>
  );
}
