import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SecretHasher } from '@app/core';
import { DiskUploadService } from './disk-upload.service';
import { MediaFilesController } from './media-files.controller';
import { MediaTrashSweeper } from './media-trash.sweeper';
import { MediaController } from './media.controller';
import { MediaDeletionService } from './media-deletion.service';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { ProductImagesRepository } from './product-images.repository';
import { ProductImagesService } from './product-images.service';
import { DiskStorage } from './storage/disk-storage';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';
import { S3Storage } from './storage/s3-storage';

/** The storage backend MEDIA_STORAGE names (validated at start with the other variables). */
function mediaStorage(config: AppConfig, hasher: SecretHasher): MediaStorage {
  if (config.media.storage === 's3' && config.media.s3) return new S3Storage(config.media.s3);
  return new DiskStorage(config.media.directory, config.publicUrl, hasher);
}

@Module({
  controllers: [MediaController, MediaFilesController],
  providers: [
    { provide: MEDIA_STORAGE, inject: [APP_CONFIG, SecretHasher], useFactory: mediaStorage },
    MediaRepository,
    MediaService,
    // Needs MEDIA_CATALOGUE (media.ports.ts), provided by the composition root.
    MediaDeletionService,
    DiskUploadService,
    MediaTrashSweeper,
    ProductImagesRepository,
    ProductImagesService,
  ],
  exports: [MediaService, ProductImagesService, MediaTrashSweeper, MEDIA_STORAGE],
})
export class MediaModule {}
