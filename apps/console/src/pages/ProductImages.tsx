import { ChangeEvent, useState } from 'react';
import type { StoreProduct } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { ErrorMessage, Status } from '../ui/misc';
import { refusalOf, uploadImage } from '../ui/upload';

/** At most this many images a product (the server refuses the 21st). */
const MAX_IMAGES = 20;

/**
 * A product's images in its form: "Add images" uploads the chosen files (each straight to storage, then
 * added after the others, with progress shown), and each image has a preview, its "Alt text" (saved when
 * the field is left), "Move up" and "Remove". A file the console or the server refuses says why; the
 * others still go. Every change answers the product, which `onChange` hands back to the form.
 */
export function ProductImages({
  storeId,
  product,
  onChange,
}: {
  storeId: string;
  product: StoreProduct;
  onChange: (product: StoreProduct) => void;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number; name: string } | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [alts, setAlts] = useState<Record<string, string>>({});
  const images = product.images;

  const add = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (!files.length) return;
    const refused: string[] = [];
    let current = product;
    setStatus('');
    setRefusals([]);
    for (const [i, file] of files.entries()) {
      setProgress({ done: i, total: files.length, name: file.name });
      const before = refusalOf(file, 'product_image');
      if (before) {
        refused.push(before);
        continue;
      }
      if (current.images.length >= MAX_IMAGES) {
        refused.push(`“${file.name}” was not added: a product has at most ${MAX_IMAGES} images.`);
        continue;
      }
      try {
        const media = await uploadImage(storeId, file, 'product_image');
        current = await account.products.images.add(storeId, product.id, { mediaId: media.id });
        onChange(current);
      } catch (err) {
        refused.push(`“${file.name}” was not added: ${describe(err)}`);
      }
    }
    setProgress(null);
    setRefusals(refused);
    const added = files.length - refused.length;
    if (added) setStatus(added === 1 ? 'Added 1 image.' : `Added ${added} images.`);
  };

  const change = async (work: () => Promise<StoreProduct>, done: string): Promise<void> => {
    setRefusals([]);
    try {
      onChange(await work());
      setStatus(done);
    } catch (err) {
      setRefusals([describe(err)]);
    }
  };

  const saveAlt = (imageId: string, previous: string | null) => {
    const typed = alts[imageId];
    if (typed === undefined || typed === (previous ?? '')) return;
    void change(
      () => account.products.images.update(storeId, product.id, imageId, { altText: typed.trim() || null }),
      'Alt text saved.',
    );
  };

  return (
    <fieldset className="product-images">
      <legend>Images</legend>
      <div className="field">
        <label htmlFor={`add-images-${product.id}`}>Add images</label>
        <input
          id={`add-images-${product.id}`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          multiple
          disabled={progress !== null}
          onChange={(e) => void add(e)}
          aria-describedby={`add-images-hint-${product.id}`}
        />
        <p className="hint" id={`add-images-hint-${product.id}`}>
          PNG, JPEG, WebP, GIF or AVIF, up to 20 MB each; at most {MAX_IMAGES} images. The first is the one
          shoppers see first.
        </p>
      </div>
      {progress && (
        <div className="upload-progress" role="status">
          <progress max={progress.total} value={progress.done} aria-label="Upload progress" />
          <span>
            Uploading {progress.done + 1} of {progress.total}: {progress.name}…
          </span>
        </div>
      )}
      {refusals.length > 0 && (
        <ErrorMessage>{refusals.length === 1 ? refusals[0] : refusals.join(' ')}</ErrorMessage>
      )}
      {status && <Status>{status}</Status>}
      {images.length === 0 ? (
        <p>No images yet.</p>
      ) : (
        <ol className="image-list">
          {images.map((image, i) => (
            <li key={image.id} className="image-item">
              <img
                src={image.url}
                alt={image.altText ? `Preview: ${image.altText}` : `Preview of image ${i + 1}`}
                width={96}
                height={96}
              />
              <div className="field">
                <label htmlFor={`alt-${image.id}`}>Alt text</label>
                <input
                  id={`alt-${image.id}`}
                  type="text"
                  maxLength={512}
                  value={alts[image.id] ?? image.altText ?? ''}
                  onChange={(e) => {
                    const value = e.target.value;
                    setAlts((a) => ({ ...a, [image.id]: value }));
                  }}
                  onBlur={() => saveAlt(image.id, image.altText)}
                />
              </div>
              <div className="image-actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={i === 0}
                  onClick={() =>
                    void change(
                      () =>
                        account.products.images.update(storeId, product.id, image.id, { position: i - 1 }),
                      `Moved image ${i + 1} up.`,
                    )
                  }
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    void change(
                      () => account.products.images.remove(storeId, product.id, image.id),
                      `Removed image ${i + 1}.`,
                    )
                  }
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
