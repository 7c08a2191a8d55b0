import { ChangeEvent, useState } from 'react';
import type { MediaPurpose, Store } from '@storefront-platform/sdk/browser';
import { describe } from '../api';
import { storeFields } from './StoreForm';
import { refusalOf, uploadImage } from './upload';

/**
 * (v1.4) The branding images, each given as a URL or as a file uploaded to the store: the URL field and
 * its label, the file input's label, the media's purpose, the rendition shown as its preview and the field
 * that takes the media's id in place of the URL (stage 2 and the store's PUT alike).
 */
const BRANDING = [
  {
    name: 'faviconUrl',
    label: 'Favicon URL',
    fileLabel: 'Favicon',
    purpose: 'favicon',
    rendition: '180',
    mediaField: 'faviconMediaId',
  },
  {
    name: 'logoBlackWhiteUrl',
    label: 'Black and white logo URL',
    fileLabel: 'Black and white logo',
    purpose: 'logo',
    rendition: 'medium',
    mediaField: 'logoBlackWhiteMediaId',
  },
  {
    name: 'logoColorUrl',
    label: 'Colour logo URL',
    fileLabel: 'Coloured logo',
    purpose: 'logo',
    rendition: 'medium',
    mediaField: 'logoColorMediaId',
  },
] as const satisfies readonly {
  name: keyof Store;
  label: string;
  fileLabel: string;
  purpose: MediaPurpose;
  rendition: string;
  mediaField: keyof Store;
}[];

type Image = (typeof BRANDING)[number];
type MediaField = Image['mediaField'];
/** Images uploaded and not yet saved: URL field name → the media's id and its preview's address. */
type Uploaded = Record<string, { id: string; preview: string }>;
export type BrandingUploads = ReturnType<typeof useBrandingUploads>;

function readKept(key: string | undefined): Uploaded {
  if (!key) return {};
  try {
    return JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Uploaded;
  } catch {
    return {};
  }
}

/**
 * The uploads of one form: what was uploaded (kept in sessionStorage under `keepKey` when given, so a
 * reload of the wizard keeps it), which image is uploading, and why a file was refused; `onChoose` hears
 * of every file chosen.
 */
export function useBrandingUploads(storeId: string, keepKey?: string, onChoose?: () => void) {
  const [uploaded, setUploadedState] = useState<Uploaded>(() => readKept(keepKey));
  const [uploading, setUploading] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const setUploaded = (update: (u: Uploaded) => Uploaded) =>
    setUploadedState((u) => {
      const next = update(u);
      if (keepKey) {
        if (Object.keys(next).length) window.sessionStorage.setItem(keepKey, JSON.stringify(next));
        else window.sessionStorage.removeItem(keepKey);
      }
      return next;
    });

  const choose = async (image: Image, file: File | undefined) => {
    if (!file) return;
    onChoose?.();
    setRefusals(({ [image.name]: _old, ...rest }) => rest);
    const refused = refusalOf(file, image.purpose);
    if (refused) {
      setRefusals((r) => ({ ...r, [image.name]: refused }));
      return;
    }
    setUploading(image.name);
    try {
      const media = await uploadImage(storeId, file, image.purpose);
      const preview = media.renditions[image.rendition] ?? media.url;
      setUploaded((u) => ({ ...u, [image.name]: { id: media.id, preview } }));
    } catch (err) {
      setRefusals((r) => ({ ...r, [image.name]: `“${file.name}” was not uploaded: ${describe(err)}` }));
    } finally {
      setUploading(null);
    }
  };

  return {
    uploaded,
    uploading,
    refusals,
    choose,
    /** Forgets the file chosen for the image of URL field `name` (a URL typed replaces it). */
    drop: (name: string) => {
      if (name in uploaded) setUploaded(({ [name]: _dropped, ...rest }) => rest);
    },
    /** Forgets every upload (once saved). */
    clear: () => setUploaded(() => ({})),
    /** Whether the image of URL field `name` was given as a file. */
    has: (name: string) => name in uploaded,
    /**
     * The body's branding: each uploaded image as its media id in place of its URL field; `keep` gives an
     * image its store's saved media id back when its URL field still shows that media's address (such an
     * address is the server's own, not one a client may send as a URL).
     */
    apply(body: Record<string, unknown>, values: Record<string, string>, keep?: Store): void {
      for (const image of BRANDING) {
        const chosen = uploaded[image.name];
        const saved = keep?.[image.mediaField];
        const id = chosen?.id ?? (saved && values[image.name] === keep[image.name] ? saved : null);
        if (!id) continue;
        delete body[image.name];
        body[image.mediaField satisfies MediaField] = id;
      }
    },
  };
}

/**
 * The Branding group's rows (Settings, the wizard's stage 2): for each image its URL field beside a file
 * input with the upload's progress, the reason a file is refused, and a preview. A file uploaded gives the
 * image (its URL field is then not required); typing a URL drops it.
 */
export function BrandingImages({
  store,
  uploads,
  values,
  errors,
  set,
  required,
  savedWith,
}: {
  store: Store;
  uploads: BrandingUploads;
  values: Record<string, string>;
  errors: Record<string, string>;
  set: (name: string) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  required: boolean;
  /** The button that saves an upload, for the hint ("Save changes", "Continue"). */
  savedWith: string;
}) {
  const field = storeFields(values, errors, (name) => (e) => {
    uploads.drop(name);
    set(name)(e);
  });
  return (
    <>
      {BRANDING.map((image) => {
        const { name } = image;
        const chosen = uploads.uploaded[name];
        // The store's own uploaded image shows even on a plain-http development server; a typed URL only
        // when it is https (what the server accepts).
        const ownMedia = Boolean(store[image.mediaField]) && values[name] === store[name];
        const preview =
          chosen?.preview ?? (ownMedia || /^https:\/\//.test(values[name]) ? values[name] : null);
        const fileId = `file-${name}`;
        const refusal = uploads.refusals[name] ?? errors[image.mediaField];
        return (
          <div className="logo-field" key={name}>
            {field(name, image.label, {
              type: 'url',
              required: required && !chosen,
              placeholder: 'https://',
            })}
            <div className="field">
              <label htmlFor={fileId}>{image.fileLabel}</label>
              <input
                id={fileId}
                type="file"
                accept={`image/png,image/jpeg,image/webp,image/gif,image/avif${image.purpose === 'favicon' ? ',image/x-icon,.ico' : ''}`}
                disabled={uploads.uploading !== null}
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? `${fileId}-error` : undefined}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  void uploads.choose(image, file);
                }}
              />
              {uploads.uploading === name && (
                <div className="upload-progress" role="status">
                  <progress aria-label={`Uploading ${image.fileLabel.toLowerCase()}`} />
                  <span>Uploading…</span>
                </div>
              )}
              {chosen && uploads.uploading !== name && (
                <p className="hint">Uploaded: saved with “{savedWith}”.</p>
              )}
              {refusal && (
                <small className="error" role="alert" id={`${fileId}-error`}>
                  {refusal}
                </small>
              )}
            </div>
            {preview && (
              // A new element per address, so a broken one (hidden) does not hide the next.
              <img
                key={preview}
                className="logo-preview"
                src={preview}
                alt={`${image.fileLabel} preview`}
                onError={(e) => {
                  e.currentTarget.hidden = true;
                }}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
