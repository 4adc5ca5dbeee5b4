// A check-in photo: its type is read from its bytes (never its name), then it is re-encoded so no
// EXIF/GPS or other metadata survives, turned upright, and given a real thumbnail for the timeline.
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { CHECK_IN_MESSAGES, MAX_IMAGE_BYTES, uploadTooLargeMessage } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';

const FORMATS = {
  'image/jpeg': { ext: 'jpg', encode: (s: Sharp) => s.jpeg({ quality: 85, mozjpeg: true }) },
  'image/png': { ext: 'png', encode: (s: Sharp) => s.png({ compressionLevel: 9 }) },
  'image/webp': { ext: 'webp', encode: (s: Sharp) => s.webp({ quality: 85 }) },
  'image/gif': { ext: 'gif', encode: (s: Sharp) => s.gif() },
} as const;
type Mime = keyof typeof FORMATS;

export type ProcessedPhoto = {
  mime: Mime;
  ext: string;
  image: Buffer;
  thumbnail: Buffer; // webp, 480 px wide at most
};

const MAX_PIXELS = 50_000_000; // refuse decompression bombs

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_IMAGE_BYTES) throw new DomainError('file_too_large', uploadTooLargeMessage());
  const detected = await fileTypeFromBuffer(input);
  const mime = detected?.mime as Mime | undefined;
  if (!mime || !(mime in FORMATS))
    throw new DomainError('invalid_file_type', CHECK_IN_MESSAGES.uploadInvalidType);
  const format = FORMATS[mime];
  try {
    const animated = mime === 'image/gif' || mime === 'image/webp';
    const source = () => sharp(input, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' });
    // sharp writes no metadata unless asked to; rotate() applies the EXIF orientation first.
    const image = await format.encode(source().rotate()).toBuffer();
    const thumbnail = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { mime, ext: format.ext, image, thumbnail };
  } catch {
    throw new DomainError('invalid_file_type', CHECK_IN_MESSAGES.uploadInvalidType);
  }
}
