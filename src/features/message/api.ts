// Announcement administration calls (system:announcement:*).
import { MP, type AnntAddBody, type AnntEditBody, type Announcement } from '@contract/api/message';
import { sysGet, sysPost, sysPut } from '@/api/request';

export const addAnnouncement = (b: AnntAddBody) => sysPost<Announcement>(MP.add, b);
export const editAnnouncement = (b: AnntEditBody) => sysPut<Announcement>(MP.edit, b);
export const releaseAnnouncement = (id: string) => sysGet<{ recipients: number }>(MP.release, { id });
export const revokeAnnouncement = (id: string) => sysGet<null>(MP.revoke, { id });
