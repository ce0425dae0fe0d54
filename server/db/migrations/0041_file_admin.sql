-- 文件管理 (issue 19 §4): the tenant's file list reads newest first; the orphan job reads by age; the
-- reference from customer materials is looked up by file. And the seeded job that removes orphaned
-- uploads (no business record points at them) older than a day, daily at 03:30.
CREATE INDEX uploaded_files_tenant_created ON uploaded_files (tenant_id, created_at DESC);
CREATE INDEX uploaded_files_created ON uploaded_files (created_at);
CREATE INDEX cus_materials_file ON cus_materials (file_id);

INSERT INTO jobs (id, tenant_id, job_name, handler, cron_expression, parameter, description, status, next_fire_time)
VALUES ('job-file-orphans', '0', '孤儿文件清理', 'fileOrphanCleanup', '0 30 3 * * ?', '{"hours": 24}',
        '每天03:30删除上传超过一天且未被任何业务记录引用的文件', '0', date_trunc('day', now()) + interval '1 day 3 hours 30 minutes')
ON CONFLICT (id) DO NOTHING;
