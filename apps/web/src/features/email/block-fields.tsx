import { ColorInput, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { ImageUrlField } from '../../ui/image-url-field.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { LeafBlock } from './email-document.ts';
import { mergeFieldTag } from '@studio/domain';

type Align = 'left' | 'center' | 'right';

function AlignField({ value, onChange }: { value: Align; onChange: (align: Align) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Alignment
      </Text>
      <SegmentedControl
        aria-label="Alignment"
        value={value}
        onChange={(align) => onChange(align)}
        data={[
          { value: 'left', label: 'Left' },
          { value: 'center', label: 'Center' },
          { value: 'right', label: 'Right' },
        ]}
      />
    </Stack>
  );
}

function ColorField({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <ColorInput
      label="Color"
      format="hex"
      value={value}
      onChange={(color) => {
        if (/^#[0-9a-fA-F]{6}$/.test(color)) onChange(color);
      }}
    />
  );
}

function Pixels({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (pixels: number) => void;
}) {
  return (
    <NumberInput
      label={label}
      suffix=" px"
      value={value}
      min={min}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      onChange={(pixels) => {
        if (typeof pixels === 'number') onChange(pixels);
      }}
    />
  );
}

/** The settings of one block; `onChange` receives the block with the change. */
export function BlockFields({
  block,
  onChange,
  uploadScope,
}: {
  block: LeafBlock;
  onChange: (block: LeafBlock) => void;
  /** Where uploaded images go (`events/{id}`, …), if the context has a place for them. */
  uploadScope?: string | undefined;
}) {
  switch (block.type) {
    case 'text':
      return (
        <RichTextField
          key={block.id}
          label="Text"
          value={block.html}
          onChange={(html) => onChange({ ...block, html })}
        />
      );
    case 'html':
      return (
        <Textarea
          label="HTML"
          description="Kept as written; script and unsafe links are removed when the template is saved."
          autosize
          minRows={8}
          ff="monospace"
          value={block.html}
          onChange={(change) => onChange({ ...block, html: change.currentTarget.value })}
        />
      );
    case 'image':
      return (
        <Stack>
          <ImageUrlField
            label="Image URL"
            value={block.src}
            onChange={(src) => onChange({ ...block, src })}
            {...(uploadScope && { uploadScope })}
          />
          <TextField
            label="Alternative text"
            value={block.alt}
            onChange={(alt) => onChange({ ...block, alt })}
          />
          <TextField label="Link" value={block.href} onChange={(href) => onChange({ ...block, href })} />
          <Pixels
            label="Width"
            value={block.width}
            min={20}
            max={600}
            onChange={(width) => onChange({ ...block, width })}
          />
          <AlignField value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </Stack>
      );
    case 'button':
    case 'magic_link':
      return (
        <Stack>
          <TextField label="Label" value={block.label} onChange={(label) => onChange({ ...block, label })} />
          {block.type === 'button' ? (
            <TextField label="Link" value={block.href} onChange={(href) => onChange({ ...block, href })} />
          ) : (
            <Text size="sm" c="dimmed">
              Links each recipient to their own entrance ({mergeFieldTag('magic_link')}).
            </Text>
          )}
          <ColorField value={block.color} onChange={(color) => onChange({ ...block, color })} />
          <AlignField value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </Stack>
      );
    case 'divider':
      return <ColorField value={block.color} onChange={(color) => onChange({ ...block, color })} />;
    case 'spacer':
      return (
        <Pixels
          label="Height"
          value={block.height}
          min={4}
          max={200}
          onChange={(height) => onChange({ ...block, height })}
        />
      );
    case 'checkin_qrcode':
      return (
        <Stack>
          <Text size="sm" c="dimmed">
            Each recipient&apos;s own check-in code ({mergeFieldTag('checkin_qrcode')}).
          </Text>
          <Pixels
            label="Size"
            value={block.size}
            min={80}
            max={300}
            onChange={(size) => onChange({ ...block, size })}
          />
          <AlignField value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </Stack>
      );
    case 'event_location':
      return (
        <Stack>
          <TextField
            label="Heading"
            value={block.heading}
            onChange={(heading) => onChange({ ...block, heading })}
          />
          <Text size="sm" c="dimmed">
            The event&apos;s location ({mergeFieldTag('event_location')}).
          </Text>
        </Stack>
      );
  }
}
