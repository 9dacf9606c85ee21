// Issue 40 item 8: an image stim's size is read with sharp's metadata (image-size, a second
// image library doing the same, is gone): the stored file's own width and height, EXIF
// orientations 5–8 swapping the sides as the image is shown, and null for what is no image.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { measureImage } from '../../services/stims.js';
import { MemoryStorage } from '../../storage/index.js';

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c00' } });

describe('measureImage (sharp metadata)', () => {
  it('reads each accepted image type, turned as EXIF says, and refuses what is no image', async () => {
    const storage = new MemoryStorage();
    const files: [string, Buffer, { width: number; height: number } | null][] = [
      ['a.png', await blank(40, 20).png().toBuffer(), { width: 40, height: 20 }],
      ['a.webp', await blank(33, 17).webp().toBuffer(), { width: 33, height: 17 }],
      ['a.gif', await blank(12, 30).gif().toBuffer(), { width: 12, height: 30 }],
      // Stored 40 × 20 with orientation 6 (turned 90°): shown, and measured, 20 × 40.
      ['turned.jpg', await blank(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer(), { width: 20, height: 40 }],
      ['upright.jpg', await blank(40, 20).jpeg().withMetadata({ orientation: 1 }).toBuffer(), { width: 40, height: 20 }],
      ['not-an-image.png', Buffer.from('<html>no image</html>'), null],
    ];
    for (const [key, bytes] of files) await storage.put(key, bytes, 'application/octet-stream');
    for (const [key, , size] of files) expect(await measureImage(storage, key), key).toEqual(size);
    expect(await measureImage(storage, 'missing.png')).toBeNull();
  });
});
