import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_NAME_PATTERN } from '@portal/domain';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** The image type by its first bytes (never by the declared Content-Type or file name). */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Sizes the UI shows: the header/profile avatar and the company logo. */
export const IMAGE_VARIANTS = {
  profile: { width: 256, height: 256, fit: 'cover' as const },
  company: { width: 512, height: 512, fit: 'inside' as const },
};

/**
 * Re-encodes the image as WebP at the UI's size. Re-encoding drops every byte of the original
 * file except pixels: EXIF/GPS, ICC, comments and any payload appended to the image.
 */
export async function normaliseImage(buf: Buffer, variant: keyof typeof IMAGE_VARIANTS): Promise<Buffer> {
  const v = IMAGE_VARIANTS[variant];
  return sharp(buf, { limitInputPixels: 40_000_000, failOn: 'error' })
    .rotate() // apply EXIF orientation before the metadata is dropped
    .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside' })
    .webp({ quality: 85 })
    .toBuffer();
}

export const IMAGE_URL_PREFIX = '/api/files/images/';

export class ImageStore {
  constructor(private readonly root: string) {}

  private dir(): string {
    return path.resolve(this.root, 'images');
  }

  async save(data: Buffer): Promise<{ name: string; url: string }> {
    await fs.mkdir(this.dir(), { recursive: true });
    const name = `${randomUUID()}.webp`;
    await fs.writeFile(path.join(this.dir(), name), data, { flag: 'wx', mode: 0o640 });
    return { name, url: `${IMAGE_URL_PREFIX}${name}` };
  }

  async read(name: string): Promise<Buffer | null> {
    if (!IMAGE_NAME_PATTERN.test(name)) return null;
    try {
      return await fs.readFile(path.join(this.dir(), name));
    } catch {
      return null;
    }
  }

  /** Best effort: the previous image of a user/company once the new one is committed. */
  async removeByUrl(url: string | null): Promise<void> {
    if (!url?.startsWith(IMAGE_URL_PREFIX)) return;
    const name = url.slice(IMAGE_URL_PREFIX.length);
    if (!IMAGE_NAME_PATTERN.test(name)) return;
    await fs.rm(path.join(this.dir(), name), { force: true }).catch(() => undefined);
  }
}
