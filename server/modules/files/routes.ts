// Routes of the files module (issue 16 §3): the two upload calls of spec §7, the public reading of
// uploaded images, the signed-in download of the reader's tenant's files, and the reader's own
// uploads. Every route names its permission; every read and write is scoped to the caller's tenant.
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_MSG, FILE_P, OSS_FILE_MSG, OSS_FILE_P, OSS_FILE_PERMS, UPLOAD_MAX_BYTES } from '../../../contract/api/files';
import { objectStoreFromEnv, type ObjectStore } from '../../adapters/objectStore/objectStore';
import type { ModuleOptions } from '../../context';
import { AppError, capOk, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { uploadedFiles } from '../admin/xlsx';
import { fileAdmin } from './admin';
import { fileService, type Uploader } from './service';

const tags = ['common'];
const pageQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(10) });

export const filesRoutes: FastifyPluginAsyncZod<ModuleOptions & { objectStore?: ObjectStore }> = async (app, { deps, objectStore }) => {
  const objects = objectStore ?? objectStoreFromEnv();
  const files = fileService(deps.db, objects);
  const admin = fileAdmin(deps.db, objects, app.log);
  // One byte over the limit lets the plugin mark the file truncated, which is refused as too large.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 40 } });

  const uploaderOf = (req: FastifyRequest): Uploader => {
    const auth = authOf(req);
    return { tenantId: auth.tenantId, userId: auth.user.id, userName: auth.user.realname || auth.user.username };
  };
  const readUpload = async (req: FastifyRequest) => {
    try {
      return (await uploadedFiles(req))[0];
    } catch (err) {
      // Ours (truncated) and the multipart plugin's own (file too large) alike.
      if ((err as { statusCode?: unknown }).statusCode === 413) throw new AppError(413, FILE_MSG.tooLarge);
      throw err;
    }
  };

  app.post(
    FILE_P.upload,
    {
      schema: { tags, summary: '通用上传（multipart：file、biz；biz=avatar 为头像，仅图片）', consumes: ['multipart/form-data'] },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const f = await readUpload(req);
      const biz = f?.fields.biz ?? '';
      const info = await files.store(uploaderOf(req), f, { avatar: !biz || biz === 'avatar', bucket: biz, imageOnly: f?.fields.imageOnly === '1' });
      return sysOk(info, FILE_MSG.uploaded);
    },
  );

  app.post(
    FILE_P.cosUpload,
    {
      schema: { tags, summary: '对象存储上传（multipart：file、bucketName、saveFlag、context.*），答 result.filePath', consumes: ['multipart/form-data'] },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const f = await readUpload(req);
      const info = await files.store(uploaderOf(req), f, {
        bucket: f?.fields.bucketName,
        imageOnly: f?.fields.imageOnly === '1',
        kept: f?.fields.saveFlag !== '0',
      });
      // The business envelope of §7, and result.filePath as its table says the answer is read.
      return { ...capOk({ ...info }, FILE_MSG.uploaded), success: true, message: FILE_MSG.uploaded, result: info };
    },
  );

  const send = (reply: FastifyReply, found: Awaited<ReturnType<typeof files.find>>, cache: string, attachment: boolean) => {
    if (!found) throw new AppError(404, FILE_MSG.notFound);
    reply.header('Content-Type', found.row.content_type).header('Cache-Control', cache).header('X-Content-Type-Options', 'nosniff');
    if (attachment) reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.row.file_name)}`);
    return reply.send(found.data);
  };

  // Images are public by their unguessable names, as avatars are; nothing else is served here.
  app.get(`${FILE_P.staticFiles}/*`, { schema: { tags }, config: { permission: 'public' } }, async (req, reply) => {
    const rest = (req.params as { '*'?: string })['*'] ?? '';
    return send(reply, await files.find(null, rest, true), 'public, max-age=604800, immutable', false);
  });

  app.get(`${FILE_P.downloadFiles}/*`, { schema: { tags }, config: { permission: 'authenticated' } }, async (req, reply) => {
    const rest = (req.params as { '*'?: string })['*'] ?? '';
    return send(reply, await files.find(authOf(req).tenantId, rest, false), 'private, no-store', true);
  });

  app.get(
    FILE_P.mine,
    { schema: { querystring: pageQuery, tags, summary: '我上传的文件（当前租户）' }, config: { permission: 'authenticated' } },
    async (req) => {
      return sysOk(await files.mine(uploaderOf(req), req.query.pageNo, req.query.pageSize));
    },
  );

  // 文件管理 (issue 19 §4): the tenant's stored files, their download, and delete of an unreferenced one.
  const idQuery = z.object({ id: z.string({ error: OSS_FILE_MSG.idRequired }).trim().min(1, OSS_FILE_MSG.idRequired).max(64, FILE_MSG.notFound) });
  const adminTags = ['files'];

  app.get(
    OSS_FILE_P.list,
    { schema: { tags: adminTags, summary: '文件管理：租户的全部上传文件（含所属业务对象）' }, config: { permission: OSS_FILE_PERMS.list } },
    async (req) => sysOk(await admin.list(authOf(req).tenantId, req.query as Record<string, unknown>)),
  );

  app.get(
    OSS_FILE_P.download,
    { schema: { tags: adminTags, querystring: idQuery, summary: '文件管理：下载或预览（附件）' }, config: { permission: OSS_FILE_PERMS.download } },
    async (req, reply) => {
      const { row, data } = await admin.content(authOf(req).tenantId, req.query.id);
      return reply
        .header('Content-Type', row.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .send(data);
    },
  );

  app.delete(
    OSS_FILE_P.delete,
    { schema: { tags: adminTags, querystring: idQuery, summary: '文件管理：删除（仍被业务记录引用时拒绝）' }, config: { permission: OSS_FILE_PERMS.delete } },
    async (req) => {
      await admin.remove(authOf(req).tenantId, req.query.id);
      return sysOk(null, OSS_FILE_MSG.deleted);
    },
  );
};
