import { Avatar as MantineAvatar, Tooltip } from '@mantine/core';

/** Spec 000 §2: avatar sizes. */
export const AVATAR_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** Spec 000 §9: the avatar palette has 70 colours. */
export const AVATAR_PALETTE_SIZE = 70;

/**
 * 70 distinct background colours, white text readable on each: hues a golden angle apart (so
 * neighbouring letters differ clearly), three lightness steps.
 */
export const AVATAR_PALETTE: readonly string[] = Array.from({ length: AVATAR_PALETTE_SIZE }, (_, index) => {
  const hue = Math.round((index * 137.508) % 360);
  const lightness = [38, 32, 44][index % 3];
  return `hsl(${hue}, 58%, ${lightness}%)`;
});

/** The colour of a name: picked by its first letter (case-insensitive); no name → the first colour. */
export function avatarColor(name: string | null | undefined): string {
  const first = (name ?? '').trim().toUpperCase().codePointAt(0);
  return AVATAR_PALETTE[first === undefined ? 0 : first % AVATAR_PALETTE_SIZE]!;
}

/** Up to two initials: first letters of the first and last words. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

interface AvatarProps {
  name: string | null | undefined;
  size?: AvatarSize;
  /** A picture; the initials on the palette colour when absent or broken. */
  src?: string | null;
  /** Shows the name on hover. */
  withTooltip?: boolean;
}

/** Spec 000 §2 avatar: sizes xs–xl; initials on a colour picked by the name's first letter. */
export function Avatar({ name, size = 'md', src, withTooltip = false }: AvatarProps) {
  const avatar = (
    <MantineAvatar
      size={size}
      radius="xl"
      src={src ?? null}
      alt={name ?? undefined}
      styles={{
        root: { backgroundColor: avatarColor(name) },
        placeholder: { color: 'white', backgroundColor: avatarColor(name) },
      }}
      data-size={size}
      aria-label={name ?? undefined}
    >
      {initialsOf(name)}
    </MantineAvatar>
  );
  return withTooltip && name ? <Tooltip label={name}>{avatar}</Tooltip> : avatar;
}
