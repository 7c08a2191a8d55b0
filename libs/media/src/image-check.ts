import sharp from 'sharp';
import type { ImageType, MediaRefusal, RenditionSpec } from './media';

/** What a stored object turned out to be: its size as displayed and its renditions, or why it was refused. */
export type CheckedImage =
  | { ok: true; width: number; height: number; renditions: { spec: RenditionSpec; body: Buffer }[] }
  | { ok: false; reason: MediaRefusal };

/** The part of file-type used here (its own types resolve only under `node16` module resolution). */
interface FileTypeModule {
  fileTypeFromBuffer(bytes: Uint8Array): Promise<{ ext: string; mime: string } | undefined>;
}
// file-type is an ES module only: loaded by a dynamic import, once, on first use. (The compiled build
// turns it into require(), which Node ≥ 20.19 — package.json's engines — answers for an ES module without
// top-level await; the tests' transform keeps it an import(), which jest loads as an ES module.)
const FILE_TYPE = 'file-type';
let fileTypeModule: Promise<FileTypeModule> | null = null;
const fileType = () => (fileTypeModule ??= import(FILE_TYPE) as Promise<FileTypeModule>);

/**
 * Checks bytes against what the client declared, trusting nothing it said: the magic bytes name the type
 * (not the file name, not the Content-Type it posted), the header's pixel count is bounded before anything
 * is decoded, and the image must decode whole (sharp with `limitInputPixels`, `failOn: 'error'`: a
 * truncated or corrupt file is refused). Then it writes the renditions: EXIF and other metadata dropped
 * (sharp keeps none unless asked), the orientation applied, never enlarged. sharp runs on libuv's worker
 * threads, so a large image's decode and resizes do not block the event loop for other requests.
 */
export async function checkImage(
  bytes: Buffer,
  declared: ImageType,
  maxPixels: number,
  specs: readonly RenditionSpec[],
): Promise<CheckedImage> {
  const detected = (await (await fileType()).fileTypeFromBuffer(bytes))?.mime as string | undefined;
  if (!detected || !detected.startsWith('image/') || detected === 'image/svg+xml') {
    return { ok: false, reason: 'not_an_image' };
  }
  if (detected !== declared) return { ok: false, reason: 'type_mismatch' };
  // libvips reads no ICO: a favicon's largest embedded PNG image is what is decoded (and must exist).
  const input = declared === 'image/x-icon' ? largestIcoPng(bytes) : bytes;
  if (!input) return { ok: false, reason: 'not_an_image' };
  const options: sharp.SharpOptions = { limitInputPixels: maxPixels, failOn: 'error' };
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return { ok: false, reason: 'not_an_image' };
    if (meta.width * meta.height > maxPixels) return { ok: false, reason: 'too_many_pixels' };
    // As displayed: an EXIF orientation of 5–8 turns the image a quarter.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    return { ok: false, reason: 'not_an_image' };
  }
  try {
    const renditions = await Promise.all(
      specs.map(async (spec) => {
        const image = sharp(input, options).rotate();
        const resized = spec.square
          ? image.resize(spec.size, spec.size, {
              fit: 'contain',
              background: { r: 0, g: 0, b: 0, alpha: 0 },
            })
          : image.resize(spec.size, spec.size, { fit: 'inside', withoutEnlargement: true });
        const body = await (spec.format === 'png' ? resized.png() : resized.webp()).toBuffer();
        return { spec, body };
      }),
    );
    return { ok: true, width, height, renditions };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message)))
      return { ok: false, reason: 'too_many_pixels' };
    return { ok: false, reason: 'not_an_image' };
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The largest PNG-encoded image of an ICO file's directory, or null (BMP entries are not decoded). */
function largestIcoPng(bytes: Buffer): Buffer | null {
  if (bytes.length < 6) return null;
  const count = bytes.readUInt16LE(4);
  let best: Buffer | null = null;
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    if (entry + 16 > bytes.length) return null;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset + size > bytes.length || size < PNG_SIGNATURE.length) continue;
    const image = bytes.subarray(offset, offset + size);
    if (!image.subarray(0, 8).equals(PNG_SIGNATURE)) continue;
    if (!best || image.length > best.length) best = image;
  }
  return best;
}
