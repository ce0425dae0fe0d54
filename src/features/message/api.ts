// Announcement administration calls (system:announcement:*).
import { MP, type AnntAddBody, type AnntEditBody, type Announcement, type RecipientOption } from '@contract/api/message';
import { sysGet, sysPost, sysPut } from '@/api/request';

export const addAnnouncement = (b: AnntAddBody) => sysPost<Announcement>(MP.add, b);
export const editAnnouncement = (b: AnntEditBody) => sysPut<Announcement>(MP.edit, b);
export const releaseAnnouncement = (id: string) => sysGet<{ recipients: number }>(MP.release, { id });
export const revokeAnnouncement = (id: string) => sysGet<null>(MP.revoke, { id });
export const recipientOptions = async (type: 'USER' | 'ROLE' | 'DEPART', p: { keyword?: string; ids?: string[] } = {}) =>
  (
    await sysGet<RecipientOption[]>(
      MP.recipientOptions,
      { type, keyword: p.keyword || undefined, ids: p.ids?.length ? p.ids.join(',') : undefined },
      { silent: true },
    )
  ).result;
