/**
 * Pictures decoded within bounds (extraction/picture.ts): the size is refused from the header before any
 * decoding; a PNG decoded row by row gives the same pixels as pngjs decoding it whole (grey, grey+alpha,
 * RGB, RGBA; transparency over white), and scaled down while decoding it gives the box
 * average of those pixels.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ExtractionError, MAX_IMAGE_PIXELS } from '../../../extraction/index.js';
import { decodePicture, pictureSize, scaleBitmap } from '../../../extraction/picture.js';
import { jpegHeaderBomb, pngHeaderBomb } from '../../support/picture-bombs.js';

function pattern(width: number, height: number, colorType: 0 | 2 | 4 | 6, bitDepth: 8): { png: Uint8Array; rgba: Uint8Array } {
  const png = new PNG({ width, height, colorType, inputColorType: 6, bitDepth, inputHasAlpha: true });
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const grey = (x * 7 + y * 13) % 256;
      const alpha = colorType === 4 || colorType === 6 ? (x * 31) % 256 : 255;
      const [r, g, b] = colorType === 0 || colorType === 4 ? [grey, grey, grey] : [grey, (x * 5) % 256, (y * 3) % 256];
      png.data.set([r, g, b, alpha], at);
      // What the decoder gives: composited over white, opaque.
      const over = (value: number) => Math.round((value * alpha + 255 * (255 - alpha)) / 255);
      rgba.set([over(r), over(g), over(b), 255], at);
    }
  }
  return { png: new Uint8Array(PNG.sync.write(png, { colorType, bitDepth, inputColorType: 6, inputHasAlpha: true })), rgba };
}

describe('pictures within bounds', () => {
  it('refuses by the header, before decoding: the 69-byte PNG and the JPEG claiming 30000 × 30000', async () => {
    for (const [bytes, kind] of [[pngHeaderBomb(), 'png'], [jpegHeaderBomb(), 'jpeg']] as const) {
      expect(() => pictureSize(bytes, kind)).toThrow(ExtractionError);
      await expect(decodePicture(bytes, kind, MAX_IMAGE_PIXELS)).rejects.toMatchObject({ code: 'image-too-large', message: expect.stringContaining('30000 × 30000') });
    }
  });

  it('decodes PNG rows exactly as a whole-picture decoder does, in every colour type', async () => {
    for (const [colorType, bitDepth] of [[0, 8], [2, 8], [4, 8], [6, 8]] as const) {
      const { png, rgba } = pattern(37, 23, colorType, bitDepth);
      const decoded = await decodePicture(png, 'png', MAX_IMAGE_PIXELS);
      expect([decoded.width, decoded.height]).toEqual([37, 23]);
      expect(Buffer.from(decoded.data).equals(Buffer.from(rgba)), `colour type ${colorType}, ${bitDepth} bits`).toBe(true);
    }
  });

  it('scales down while decoding to the box average of the full picture', async () => {
    const { png, rgba } = pattern(400, 300, 2, 8);
    const decoded = await decodePicture(png, 'png', 400 * 300, { long: 100, short: 75 });
    expect([decoded.width, decoded.height]).toEqual([100, 75]);
    const whole = scaleBitmap({ width: 400, height: 300, data: rgba }, 0.25);
    expect(Buffer.from(decoded.data).equals(Buffer.from(whole.data))).toBe(true);
  });
});
