import { Center, Image, Loader } from '@mantine/core';

/**
 * A video's thumbnail in a grey 16:9 frame `width` pixels wide (empty when it has none); while the
 * video is `processing`, a spinner of `spinnerSize` in its place.
 */
export function VideoThumbnail({
  url,
  width,
  processing = false,
  spinnerSize = 'sm',
}: {
  url: string | null | undefined;
  width: number;
  processing?: boolean;
  spinnerSize?: 'xs' | 'sm';
}) {
  const height = (width * 9) / 16;
  return (
    <Center
      w={width}
      h={height}
      style={{
        flexShrink: 0,
        background: 'var(--mantine-color-gray-2)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {processing ? (
        <Loader size={spinnerSize} aria-label="Processing" />
      ) : url ? (
        <Image src={url} alt="" w={width} h={height} />
      ) : null}
    </Center>
  );
}
