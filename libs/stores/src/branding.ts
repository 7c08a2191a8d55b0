/**
 * The branding images (stage 2): the URL field, the media field (v1.4: an uploaded media in place of the
 * URL), the media's purpose and the rendition shown. The stores service resolves them; the stage 2 body
 * is made of their fields.
 */
export const BRANDING = [
  { url: 'faviconUrl', media: 'faviconMediaId', purpose: 'favicon', rendition: '180' },
  { url: 'logoBlackWhiteUrl', media: 'logoBlackWhiteMediaId', purpose: 'logo', rendition: 'medium' },
  { url: 'logoColorUrl', media: 'logoColorMediaId', purpose: 'logo', rendition: 'medium' },
] as const;

/** The branding fields of a body: every URL field, then every media field. */
export const BRANDING_FIELDS = [
  ...BRANDING.map((image) => image.url),
  ...BRANDING.map((image) => image.media),
];
