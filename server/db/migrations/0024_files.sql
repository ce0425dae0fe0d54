-- Uploaded files (issue 16 §3): one row per object the upload calls stored, in the tenant the
-- uploader acted in, with who uploaded it. The bytes live in the object store under `path`.
CREATE TABLE uploaded_files (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id),
  bucket text NOT NULL,
  path text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  is_image boolean NOT NULL,
  -- saveFlag of FileUpload: '0' marks a temporary upload (a draft's attachment), anything else kept.
  kept boolean NOT NULL DEFAULT true,
  uploader_id text NOT NULL REFERENCES users(id),
  uploader_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploaded_files_uploader ON uploaded_files (tenant_id, uploader_id, created_at DESC);
