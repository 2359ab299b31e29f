/** The profile module: the listing's texts (a form) and images (logo, gallery), uploads and their files. */
export { createImageQueue, type ImageQueue } from './image-queue';
export { createMediaStore, prepareMediaDir, type MediaStore } from './media-store';
export { defineProfileJobs, subscribeProfile } from './profile.subscriptions';
export { profileRouter } from './profile.router';
export { profileMigrations } from './migrations';
// What the listing has (logo, photos, about), for the analytics module's completeness and hints.
export { profileFacts, type ProfileFacts } from './profile-facts';
// What a business's public profile and the directory show of its images and texts, and the form of its texts.
export { cardImages, imagesChangedAt, profileImages, type ProfileImage } from './profile-reads';
export { listingText, PROFILE_FORM_ID, readListing } from './profile-listing';
