import { Box, Center } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode, Ref } from 'react';

type ScaledFrameProps = Omit<ComponentPropsWithoutRef<'iframe'>, 'width' | 'height' | 'style'> & {
  /** The width the page inside is laid out at (a desktop's or a phone's), in CSS pixels. */
  width: number;
  height: number;
  frameRef?: Ref<HTMLIFrameElement>;
  /** A new frame (a fresh load) whenever this changes. */
  frameKey?: string;
  /** Shown at the frame's place and scaled size instead of the frame (a loader while it cannot show yet). */
  placeholder?: ReactNode;
  /** The frame's own look (border, background …); its size and scale are this component's. */
  frameStyle?: CSSProperties;
};

/**
 * A frame laid out at its real `width` (so the page inside gets that width's styles) and scaled
 * down to fit its column, its height with it: the email and the Look and Feel previews' desktop
 * and phone views. Until the column is measured it shows at full size, clipped, never wider than
 * the column.
 */
export function ScaledFrame({
  width,
  height,
  frameRef,
  frameKey,
  frameStyle,
  placeholder,
  ...frame
}: ScaledFrameProps) {
  const { ref: columnRef, width: columnWidth } = useElementSize();
  const scale = columnWidth > 0 ? Math.min(1, columnWidth / width) : 1;
  const shown = { width: width * scale, height: height * scale, margin: '0 auto' };
  return (
    <Box ref={columnRef} style={{ overflow: 'hidden' }}>
      {placeholder !== undefined ? (
        <Center style={shown}>{placeholder}</Center>
      ) : (
        <Box style={shown}>
          <iframe
            key={frameKey}
            ref={frameRef}
            {...frame}
            width={width}
            height={height}
            style={{
              ...frameStyle,
              display: 'block',
              width,
              height,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          />
        </Box>
      )}
    </Box>
  );
}
