import { crmMessages, type CrmTargetField, type FieldMapping, type FieldMappingEntry } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const MAPPING_PAGE = `/events/${EVENT}/integration/salesforce/field-mapping/Lead`;
const BULK_SAVE = '/api/integrations/field-mappings/bulk_save/';
const wait = { timeout: 10_000 };
const typist = () => userEvent.setup({ delay: null });

const target = (id: string, label: string, fields: Partial<CrmTargetField> = {}): CrmTargetField => ({
  id,
  label,
  type: 'string',
  is_required: false,
  is_custom: false,
  is_updateable: true,
  ...fields,
});
const entry = (source: string, crmField: string): FieldMappingEntry => ({
  source_field_id: source,
  crm_field_id: crmField,
  is_required_crm_field: false,
  crm_field_type: 'string',
  crm_field_update_policy: 'ALWAYS_UPDATE',
});
const saved = [entry('email', 'Email'), entry('first_name', 'FirstName')];
const mapping = (rows: FieldMappingEntry[]): FieldMapping => ({
  id: 'map-1',
  crm_type: 'salesforce',
  crm_object_type: 'Lead',
  entity_type: 'EVENT',
  entity_id: EVENT,
  is_custom_field: false,
  is_active: true,
  is_default: false,
  field_mappings: rows,
});

/** The field-mapping API of one event; `save` answers the bulk save. */
function mappingRoutes(save: (body: { field_mappings: FieldMappingEntry[] }) => Response): ExtraRoutes {
  return (path, init) => {
    const bare = path.split('?')[0];
    if (bare === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
    if (bare === '/api/integrations/field-mappings/source_fields/')
      return json(200, [
        { id: 'email', label: 'Email' },
        { id: 'first_name', label: 'First name' },
        { id: 'last_name', label: 'Last name' },
      ]);
    if (bare === '/api/integrations/crm/salesforce/target_fields/')
      return json(200, [
        target('Email', 'Email'),
        target('FirstName', 'First Name'),
        target('LastName', 'Last Name', { is_required: true }),
      ]);
    if (bare === '/api/integrations/field-mappings/' && init.method === 'GET')
      return json(200, mapping(saved));
    if (bare === BULK_SAVE)
      return save(JSON.parse(init.body as string) as { field_mappings: FieldMappingEntry[] });
    return undefined;
  };
}

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Field mappings' }))
    .getAllByRole('row')
    .slice(1);

async function choose(user: ReturnType<typeof typist>, field: string, option: string) {
  const input = screen.getByRole('combobox', { name: field });
  await user.click(input);
  // This select's own list (another may still be closing); in its opening transition it is hidden.
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy(), wait);
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  const options = within(list).getAllByRole('option', { hidden: true });
  await user.click(options.find((one) => one.textContent?.startsWith(option))!);
}

describe('the field-mapping screen (spec 001 §4)', () => {
  it('tells unsaved changes against the last saved list, and discard restores it', async () => {
    openStudio(MAPPING_PAGE, { user: ada, routes: mappingRoutes(() => json(500, {})) });
    await screen.findByRole('table', { name: 'Field mappings' }, wait);
    expect(rowsOf()).toHaveLength(2);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    const user = typist();

    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(rowsOf()).toHaveLength(1);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(rowsOf()).toHaveLength(2);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Salesforce field of row 2' }).value).toBe(
      'First Name',
    );

    // Changing a row and changing it back is no change.
    await choose(user, 'Salesforce field of row 2', 'Last Name');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await choose(user, 'Salesforce field of row 2', 'First Name');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('keeps a row without a CRM field from the save, with its error on the row', async () => {
    const { fetchMock } = openStudio(MAPPING_PAGE, { user: ada, routes: mappingRoutes(() => json(500, {})) });
    await screen.findByRole('table', { name: 'Field mappings' }, wait);
    const user = typist();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await choose(user, 'Registration field of row 3', 'Last name');
    await user.click(screen.getByRole('button', { name: 'Save mappings' }));
    expect(within(rowsOf()[2]!).getByRole('alert').textContent).toBe(crmMessages.missingTarget);
    expect(callsTo(fetchMock, BULK_SAVE)).toHaveLength(0);
  });

  it("shows the server's message on each refused row, then saves the whole list at once", async () => {
    let refuse = true;
    const { fetchMock } = openStudio(MAPPING_PAGE, {
      user: ada,
      routes: mappingRoutes((body) =>
        refuse
          ? json(400, {
              message: crmMessages.mappingsSaveFailed,
              code: 'INVALID_FIELD_MAPPINGS',
              errors: {
                'field_mappings.1': [
                  'FIELDS_MAPPED_TO_SAME_CRM_FIELD',
                  'Several fields are mapped to First Name.',
                ],
                'field_mappings.2': [
                  'FIELDS_MAPPED_TO_SAME_CRM_FIELD',
                  'Several fields are mapped to First Name.',
                ],
              },
            })
          : json(200, mapping(body.field_mappings)),
      ),
    });
    await screen.findByRole('table', { name: 'Field mappings' }, wait);
    const user = typist();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await choose(user, 'Registration field of row 3', 'Last name');
    await choose(user, 'Salesforce field of row 3', 'First Name');
    await user.click(screen.getByRole('button', { name: 'Save mappings' }));

    await waitFor(
      () => expect(screen.getAllByText('Several fields are mapped to First Name.')).toHaveLength(2),
      wait,
    );
    expect(await screen.findByText(crmMessages.eventMappingsSaveFailed, {}, wait)).toBeTruthy();
    expect(within(rowsOf()[0]!).queryByRole('alert')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    refuse = false;
    await choose(user, 'Salesforce field of row 3', 'Last Name');
    // Editing a row clears its own error only.
    expect(within(rowsOf()[2]!).queryByRole('alert')).toBeNull();
    expect(within(rowsOf()[1]!).getByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save mappings' }));
    await screen.findByText(crmMessages.mappingsSaved, {}, wait);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(
      screen.queryAllByRole('alert').filter((alert) => rowsOf().some((row) => row.contains(alert))),
    ).toHaveLength(0);
    const saves = callsTo(fetchMock, BULK_SAVE);
    expect(saves).toHaveLength(2);
    expect(saves[1]!.body).toMatchObject({
      crm_type: 'salesforce',
      crm_object_type: 'Lead',
      entity_type: 'EVENT',
      entity_id: EVENT,
      field_mappings: [
        entry('email', 'Email'),
        entry('first_name', 'FirstName'),
        entry('last_name', 'LastName'),
      ],
    });
  });
});
