// The signed-in user's announcement calls (bell, phone tab, /isps/userAnnouncement).
import { MP } from '@contract/api/messageWire';
import type { AnnouncementDetail, ListByUserResult, UserAnnouncement } from '@contract/api/message';
import type { PageResult } from '@contract/listQuery';
import { sysGet, sysPut } from '@/api/request';

export const fetchListByUser = async () => (await sysGet<ListByUserResult>(MP.listByUser, undefined, { silent: true })).result;
export const fetchDetail = async (id: string) => (await sysGet<AnnouncementDetail>(MP.queryById, { id })).result;
export const markRead = async (anntId: string) => sysPut(MP.markRead, { anntId }, { silent: true });
export const readAll = async () => sysPut<{ count: number }>(MP.readAll, {});
export interface MySendsParams {
  pageNo: number;
  pageSize: number;
  readFlag?: '0' | '1' | '';
  msgCategory?: '1' | '2' | '';
  titile?: string;
}
export const fetchMySends = async (p: MySendsParams) => (await sysGet<PageResult<UserAnnouncement>>(MP.mySends, { ...p })).result;
