// Which backend holds the files: an S3-compatible bucket when configured (STORAGE=s3, several
// servers share it), else the local folder DATA_DIR/storage, else memory (tests without a dir).
import type { Config } from '../config.js';
import { localStorageFor, type Storage } from './backends.js';
import { S3Storage } from './s3.js';

export function createStorage(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>): Storage {
  return config.s3 ? new S3Storage(config.s3) : localStorageFor(config);
}
