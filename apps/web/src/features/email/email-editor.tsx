import {
  Accordion,
  ColorInput,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { MERGE_FIELD_NAMES, MERGE_FIELDS, mergeFieldTag } from '@studio/domain';
import { useMemo, useState } from 'react';
import { CopyButton } from '../../ui/copy-button.tsx';
import { BlockFields } from './block-fields.tsx';
import { BlockOutline } from './block-outline.tsx';
import {
  blockLabels,
  blockTypes,
  leafBlockTypes,
  newBlock,
  newLeafBlock,
  type EmailBlock,
  type EmailDocument,
  type LeafBlock,
} from './email-document.ts';
import { compileEmailHtml } from './email-html.ts';
import { EmailPreview } from './email-preview.tsx';
import type { PreviewValues } from './merge-fields.ts';

type ColumnsBlock = Extract<EmailBlock, { type: 'columns' }>;
type Settings = EmailDocument['settings'];

/** Fonts every mail client has. */
const FONTS = [
  'Arial, Helvetica, sans-serif',
  'Georgia, serif',
  "'Helvetica Neue', Helvetica, Arial, sans-serif",
  "'Times New Roman', Times, serif",
  "'Trebuchet MS', sans-serif",
  'Verdana, Geneva, sans-serif',
];

function PageSettings({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (settings: Settings) => void;
}) {
  const color = (name: 'backgroundColor' | 'contentColor' | 'textColor', label: string) => (
    <ColorInput
      label={label}
      format="hex"
      value={settings[name]}
      onChange={(value) => {
        if (/^#[0-9a-fA-F]{6}$/.test(value)) onChange({ ...settings, [name]: value });
      }}
    />
  );
  return (
    <Stack gap="xs">
      {color('backgroundColor', 'Background')}
      {color('contentColor', 'Content background')}
      {color('textColor', 'Text color')}
      <Select
        label="Font"
        data={FONTS}
        value={settings.fontFamily}
        allowDeselect={false}
        onChange={(fontFamily) => fontFamily && onChange({ ...settings, fontFamily })}
      />
    </Stack>
  );
}

/** Each merge field with its tag to copy into a text, a link or a subject. */
function MergeFieldList() {
  return (
    <Stack gap={6}>
      {MERGE_FIELD_NAMES.map((field) => (
        <Group key={field} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Text size="sm">{MERGE_FIELDS[field]}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {mergeFieldTag(field)}
            </Text>
          </Stack>
          <CopyButton
            value={mergeFieldTag(field)}
            size="compact-xs"
            aria-label={`Copy ${MERGE_FIELDS[field]} tag`}
          />
        </Group>
      ))}
    </Stack>
  );
}

/** A columns block's settings: how many columns, and each column's own blocks. */
function ColumnsFields({
  block,
  onChange,
  uploadScope,
}: {
  block: ColumnsBlock;
  onChange: (block: ColumnsBlock) => void;
  uploadScope?: string | undefined;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const setColumn = (index: number, blocks: LeafBlock[]) =>
    onChange({ ...block, columns: block.columns.map((column, at) => (at === index ? blocks : column)) });
  const setCount = (count: number) => {
    const { columns } = block;
    // Fewer columns: the blocks of those dropped join the last one kept.
    const kept = columns
      .slice(0, count)
      .map((column, at) => (at === count - 1 ? [...column, ...columns.slice(count).flat()] : column));
    while (kept.length < count) kept.push([]);
    onChange({ ...block, columns: kept });
  };
  const selectedBlock = block.columns.flat().find((inner) => inner.id === selected);
  return (
    <Stack>
      <SegmentedControl
        aria-label="Number of columns"
        value={String(block.columns.length)}
        onChange={(count) => setCount(Number(count))}
        data={['2', '3']}
      />
      {block.columns.map((column, index) => (
        <Stack key={index} gap={4}>
          <Text size="sm" fw={600}>
            Column {index + 1}
          </Text>
          <BlockOutline
            name={`Column ${index + 1} blocks`}
            blocks={column}
            types={leafBlockTypes}
            selectedId={selected}
            onSelect={setSelected}
            onChange={(blocks) => setColumn(index, blocks)}
            onAdd={(type) => {
              const added = newLeafBlock(type);
              setColumn(index, [...column, added]);
              setSelected(added.id);
            }}
          />
        </Stack>
      ))}
      {selectedBlock && (
        <Paper withBorder p="sm">
          <BlockFields
            block={selectedBlock}
            uploadScope={uploadScope}
            onChange={(changed) =>
              onChange({
                ...block,
                columns: block.columns.map((column) =>
                  column.map((inner) => (inner.id === changed.id ? changed : inner)),
                ),
              })
            }
          />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The visual email editor: blocks added from a palette, ordered by drag, each edited beside the
 * list, the page's colours and font, and a live preview at desktop and phone widths of the HTML
 * the template will store, its merge fields filled with `preview`'s values.
 */
export function EmailEditor({
  document,
  onChange,
  preview,
  uploadScope,
}: {
  document: EmailDocument;
  onChange: (document: EmailDocument) => void;
  preview: PreviewValues;
  uploadScope?: string | undefined;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const html = useMemo(() => compileEmailHtml(document), [document]);
  const setBlocks = (blocks: EmailBlock[]) => onChange({ ...document, blocks });
  const setBlock = (changed: EmailBlock) =>
    setBlocks(document.blocks.map((block) => (block.id === changed.id ? changed : block)));
  const selected = document.blocks.find((block) => block.id === selectedId);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack>
          <Title order={3} size="h5">
            Blocks
          </Title>
          <BlockOutline
            name="Email blocks"
            blocks={document.blocks}
            types={blockTypes}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onChange={setBlocks}
            onAdd={(type) => {
              const added = newBlock(type);
              setBlocks([...document.blocks, added]);
              setSelectedId(added.id);
            }}
          />
          <Accordion variant="contained">
            <Accordion.Item value="page">
              <Accordion.Control>Page settings</Accordion.Control>
              <Accordion.Panel>
                <PageSettings
                  settings={document.settings}
                  onChange={(settings) => onChange({ ...document, settings })}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="merge-fields">
              <Accordion.Control>Merge fields</Accordion.Control>
              <Accordion.Panel>
                <MergeFieldList />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack>
          <Title order={3} size="h5">
            {selected ? blockLabels[selected.type] : 'Block settings'}
          </Title>
          {!selected ? (
            <Text size="sm" c="dimmed">
              Select a block to edit it.
            </Text>
          ) : selected.type === 'columns' ? (
            <ColumnsFields key={selected.id} block={selected} onChange={setBlock} uploadScope={uploadScope} />
          ) : (
            <BlockFields block={selected} onChange={setBlock} uploadScope={uploadScope} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <Title order={3} size="h5">
            Preview
          </Title>
          <EmailPreview html={html} preview={preview} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
