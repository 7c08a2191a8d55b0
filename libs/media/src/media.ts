import type { Role, StorePermission } from '@app/sdk';
import { roleAllows } from '@app/sdk';

/** What a media is for (§17): the store's branding or a product's images. */
export const MEDIA_PURPOSES = ['favicon', 'logo', 'product_image'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

/**
 * The store permission a member needs for a media of each purpose: branding is the store itself (`edit`),
 * product images are the catalogue (`commerce`). Every media route on a store needs `commerce` at least
 * (owner, admin and staff; every role with `edit` has it), declared on the route; this table, read by the
 * media service where the purpose is known (the body, the upload, the media), narrows branding further.
 */
export const PURPOSE_PERMISSION: Readonly<Record<MediaPurpose, StorePermission>> = {
  favicon: 'edit',
  logo: 'edit',
  product_image: 'commerce',
};

export const mayHandle = (role: Role, purpose: MediaPurpose): boolean =>
  roleAllows(role, PURPOSE_PERMISSION[purpose]);

/** The types a file may be declared as, with the extension of its original's key. Never SVG. */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/x-icon': 'ico',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** A favicon may also be an ICO file; nothing else may. */
export function typeAllowed(purpose: MediaPurpose, type: string): type is ImageType {
  if (!(type in IMAGE_TYPES)) return false;
  return type !== 'image/x-icon' || purpose === 'favicon';
}

/** The fixed renditions of each purpose: a client never chooses a size. */
export interface RenditionSpec {
  name: string;
  size: number;
  format: 'webp' | 'png';
  /** Squares (favicons) are padded to the square; the others keep their proportions, never enlarged. */
  square: boolean;
}
const SCALED = (name: string, size: number): RenditionSpec => ({ name, size, format: 'webp', square: false });
const SQUARE = (size: number): RenditionSpec => ({ name: String(size), size, format: 'png', square: true });

export const RENDITIONS: Readonly<Record<MediaPurpose, readonly RenditionSpec[]>> = {
  favicon: [SQUARE(32), SQUARE(180)],
  logo: [SCALED('small', 160), SCALED('medium', 640), SCALED('large', 1280)],
  product_image: [SCALED('small', 160), SCALED('medium', 640), SCALED('large', 1280)],
};

/** Why completion refused a stored object (the problem's top-level `reason`). */
export type MediaRefusal =
  | 'not_uploaded'
  | 'size_mismatch'
  | 'type_mismatch'
  | 'not_an_image'
  | 'too_many_pixels';

/** A checked image of a store, as the service's doors see it. */
export interface Media {
  id: string;
  storeId: string;
  purpose: MediaPurpose;
  contentType: ImageType;
  width: number;
  height: number;
  bytes: number;
  filename: string;
  createdAt: Date;
}

/** The folder of a media's objects (also an upload's: a media has its upload's id). */
export const mediaFolder = (storeId: string, mediaId: string) => `${storeId}/${mediaId}/`;
export const originalKey = (storeId: string, mediaId: string, type: ImageType) =>
  `${mediaFolder(storeId, mediaId)}original.${IMAGE_TYPES[type]}`;
export const renditionKey = (storeId: string, mediaId: string, spec: RenditionSpec) =>
  `${mediaFolder(storeId, mediaId)}${spec.name}.${spec.format}`;

/** The object names a media has: its original and its renditions, with their types. */
export function objectNames(media: Pick<Media, 'purpose' | 'contentType'>): Map<string, string> {
  const names = new Map<string, string>([[`original.${IMAGE_TYPES[media.contentType]}`, media.contentType]]);
  for (const spec of RENDITIONS[media.purpose])
    names.set(`${spec.name}.${spec.format}`, `image/${spec.format}`);
  return names;
}
