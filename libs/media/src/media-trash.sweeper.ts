import { Inject, Injectable } from '@nestjs/common';
import type { PurgeSweeper } from '@app/database';
import { MediaRepository } from './media.repository';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';

const BATCH = 100;

/**
 * Removes the objects of deleted media, deleted stores' media and abandoned uploads: their rows are gone
 * already (so their URLs are 404 at once), and a trigger left each folder in `media_trash`. Run by the
 * periodic purge after its row deletions (the uploads' 24 h rule is one of them); a folder leaves the trash
 * only once its objects are removed, so a failed round is retried by the next.
 */
@Injectable()
export class MediaTrashSweeper implements PurgeSweeper {
  readonly name = 'media_objects';

  constructor(
    private readonly repository: MediaRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const prefixes = await this.repository.trash(BATCH);
      for (const prefix of prefixes) {
        await this.storage.deletePrefix(prefix);
        await this.repository.emptied(prefix);
        removed++;
      }
      if (prefixes.length < BATCH) return removed;
    }
  }
}
