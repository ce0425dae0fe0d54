// Uploaded files (migration 0024_files.sql; contract/api/files.ts).
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const uploadedFilesTable = pgTable('uploaded_files', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  bucket: text('bucket').notNull(),
  path: text('path').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  isImage: boolean('is_image').notNull(),
  kept: boolean('kept').notNull().default(true),
  uploaderId: text('uploader_id').notNull(),
  uploaderName: text('uploader_name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
