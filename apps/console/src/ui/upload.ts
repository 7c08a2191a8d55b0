import type { Media, MediaPurpose } from '@storefront-platform/sdk/browser';
import { account } from '../api';

/** What the server accepts (§ Media in docs/api.md): never SVG; an ICO only as a favicon. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];
/** MEDIA_MAX_BYTES's default: the server says so too, this only spares a doomed upload. */
const MAX_BYTES = 20 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, before sending it (null: try it; the server checks the bytes). */
export function refusalOf(file: File, purpose: MediaPurpose): string | null {
  const types =
    purpose === 'favicon' ? [...IMAGE_TYPES, 'image/x-icon', 'image/vnd.microsoft.icon'] : IMAGE_TYPES;
  if (!types.includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG, WebP, GIF or AVIF image${purpose === 'favicon' ? ' (or an ICO icon)' : ''}.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_BYTES) return `“${file.name}” is larger than 20 MB.`;
  return null;
}

/** Uploads a chosen file as a media of the store (the SDK's three steps). */
export function uploadImage(storeId: string, file: File, purpose: MediaPurpose): Promise<Media> {
  return account.media.upload(storeId, file, {
    purpose,
    filename: file.name.slice(0, 255) || 'image',
    // Browsers call an ICO file image/vnd.microsoft.icon; the API's name is image/x-icon.
    contentType: file.type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : file.type,
  });
}
