import sharp from 'sharp';

/** A PNG of one colour, `width` by `height`. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A minimal TrueType file: the offset table and one 4-byte table. */
export const ttf = () => {
  const font = Buffer.alloc(32);
  font.writeUInt32BE(0x00010000, 0);
  font.writeUInt16BE(1, 4);
  font.write('head', 12, 'latin1');
  font.writeUInt32BE(28, 20);
  font.writeUInt32BE(4, 24);
  return font;
};
