import { errorFactory, type FieldError } from '@app/core';
import type { MediaRefusal } from './media';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const MEDIA_ERROR_CODES = [
  'validation_failed',
  'media_invalid',
  'media_not_found',
  'upload_not_found',
  'upload_policy_refused',
  'insufficient_role',
  'too_many_images',
  'image_not_found',
  'product_not_found',
] as const;
const mediaError = errorFactory(MEDIA_ERROR_CODES);

export const MediaErrors = {
  /** `reason` (product images): the rule broken, GraphQL's `extensions.reason`, the REST problem's `reason`. */
  badInput: (errors: FieldError[], reason?: string) =>
    mediaError('validation_failed', 'The request failed validation.', {
      errors,
      ...(reason ? { extensions: { reason } } : {}),
    }),
  invalid: (reason: MediaRefusal, detail: string) =>
    mediaError('media_invalid', detail, { extensions: { reason } }),
  notFound: () => mediaError('media_not_found', 'No such media in this store.'),
  uploadNotFound: () => mediaError('upload_not_found', 'No such upload in this store.'),
  policy: (detail: string) => mediaError('upload_policy_refused', detail),
  role: () =>
    mediaError(
      'insufficient_role',
      'Your role in this store may not handle media of this purpose (branding needs `edit`).',
    ),
  tooManyImages: (max: number) =>
    mediaError('too_many_images', `A product has at most ${max} images.`, {
      extensions: { reason: 'too_many_images' },
    }),
  imageNotFound: () => mediaError('image_not_found', 'No such image on this product.'),
  productNotFound: () => mediaError('product_not_found', 'No such product in this store.'),
};
