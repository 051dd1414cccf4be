/** Pictures prepared for recognition as the spec recommends: EXIF rotation applied, long side ≤ 1280 (short ≤ 960), JPEG. */
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { exifOrientation, prepareForRecognition } from '../../../extraction/image-prep.js';
import { sniffFileKind } from '../../../extraction/file-type.js';
import { blankPng, photoJpeg } from '../../support/intake-files.js';

describe('prepareForRecognition', () => {
  it('applies EXIF orientation 6 (rotated 90°) and scales a 2400×1800 photo to 1280×960 JPEG', async () => {
    const photo = photoJpeg(2400, 1800, 6);
    expect(exifOrientation(photo)).toBe(6);
    const prepared = await prepareForRecognition(photo);
    expect(sniffFileKind(prepared.bytes)).toBe('jpeg');
    // Stored landscape, shown portrait: after rotation the long side is the height.
    expect([prepared.width, prepared.height]).toEqual([960, 1280]);
    const decoded = jpeg.decode(prepared.bytes);
    expect([decoded.width, decoded.height]).toEqual([960, 1280]);
    expect(exifOrientation(prepared.bytes)).toBe(1);
  });

  it('leaves small pictures at their size and turns a PNG into JPEG; other files pass unchanged', async () => {
    const prepared = await prepareForRecognition(blankPng(300, 200));
    expect([prepared.kind, prepared.width, prepared.height]).toEqual(['jpeg', 300, 200]);
    const pdf = new TextEncoder().encode('%PDF-1.7 ...');
    expect((await prepareForRecognition(pdf)).bytes).toBe(pdf);
  });
});
