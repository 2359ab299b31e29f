/** The account module: notification preferences, and deleting a business with everything in it. */
export { accountRouter } from './account.router';
export { deleteBusiness, recipientsFor } from './account.service';
export { accountMigrations } from './migrations';
