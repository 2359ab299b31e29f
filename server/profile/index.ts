/** The profile module: the listing's texts (a form) and images (logo, gallery), uploads and their files. */
export { createImageQueue, type ImageQueue } from './image-queue';
export { createMediaStore, prepareMediaDir, type MediaStore } from './media-store';
export { defineProfileJobs, subscribeProfile } from './profile.subscriptions';
export { profileRouter } from './profile.router';
export { profileMigrations } from './migrations';
