import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/**
 * The red bin that deletes or removes one thing: `label` names the thing to assistive technology
 * ('Delete Main hall'); `iconSize` in pixels.
 */
export function DeleteIconButton({
  label,
  onClick,
  iconSize = 16,
  disabled,
  ...icon
}: {
  label: string;
  onClick: () => void;
  iconSize?: number;
  disabled?: boolean | undefined;
} & Omit<ActionIconProps, 'variant' | 'color' | 'children'>) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      {...icon}
    >
      <IconTrash size={iconSize} aria-hidden />
    </ActionIcon>
  );
}
