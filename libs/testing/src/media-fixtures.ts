import sharp from 'sharp';
import type { TestApp } from './test-app';

/** An image made by sharp for a test: `width`×`height` of one colour, in `format`. */
export function image(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  options: { orientation?: number } = {},
): Promise<Buffer> {
  let made = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })[
    format
  ]();
  if (options.orientation) made = made.withMetadata({ orientation: options.orientation });
  return made.toBuffer();
}

/** Posts a staged upload's form as a browser does: every field in order, then the file as `file`. */
export async function postUploadForm(
  staged: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  contentType: string,
  fieldOverrides: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...staged.fields, ...fieldOverrides }))
    form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), 'upload');
  return fetch(staged.url, { method: 'POST', body: form });
}

/** Creates, posts and completes an upload through the members' REST routes; the completion's answer. */
export async function uploadMedia(
  t: TestApp,
  token: string,
  storeId: string,
  bytes: Uint8Array,
  declared: { purpose: string; contentType: string; filename?: string; size?: number },
) {
  const staged = await t.post(
    `/v1/user/stores/${storeId}/media/uploads`,
    {
      purpose: declared.purpose,
      filename: declared.filename ?? 'image',
      contentType: declared.contentType,
      size: declared.size ?? bytes.length,
    },
    { token },
  );
  if (staged.status !== 201) throw new Error(`upload create failed: ${staged.status} ${staged.text}`);
  const posted = await postUploadForm(staged.body, bytes, declared.contentType);
  if (posted.status >= 300) throw new Error(`form post failed: ${posted.status} ${await posted.text()}`);
  return t.post(`/v1/user/stores/${storeId}/media/uploads/${staged.body.id}/complete`, undefined, { token });
}
