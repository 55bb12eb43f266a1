import type { MediaStoreConfig } from './config';
import { createLocalMediaStore, type MediaStore } from './media';
import { createS3MediaStore } from './media-s3';

/** The store MEDIA_STORE chose: DATA_DIR/media by default, or an S3-compatible bucket. */
export function createMediaStore(config: MediaStoreConfig): MediaStore {
  switch (config.kind) {
    case 'local':
      return createLocalMediaStore(config.dir, config.privateDir);
    case 's3':
      return createS3MediaStore(config);
  }
}
