// The add/edit form's model, shared by its desktop and phone views: defaults, the record → form
// mapping, and saving through the contract schema (so both views refuse what the server would).
import { useState } from 'react';
import { anntAddBody, type AnntAddBody, type Announcement, type MsgType } from '@contract/api/message';
import { addAnnouncement, editAnnouncement } from './api';

export type AnntRow = Announcement & Record<string, unknown>;

export interface AnntFormValues {
  titile: string;
  msgAbstract: string;
  msgContent: string;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  msgType: MsgType;
  recipients: string[];
  openType: '' | 'url' | 'component';
  openPage: string;
}

export function formValuesOf(r: AnntRow | null): AnntFormValues {
  if (!r) return { titile: '', msgAbstract: '', msgContent: '', priority: 'L', msgCategory: '1', msgType: 'ALL', recipients: [], openType: '', openPage: '' };
  const recipients = r.msgType === 'USER' ? r.userIds : r.msgType === 'ROLE' ? r.roleIds : r.msgType === 'DEPART' ? r.departIds : [];
  return {
    titile: r.titile,
    msgAbstract: r.msgAbstract ?? '',
    msgContent: r.msgContent,
    priority: r.priority,
    msgCategory: r.msgCategory,
    msgType: r.msgType,
    recipients: [...recipients],
    openType: (r.openType as AnntFormValues['openType']) ?? '',
    openPage: r.openPage ?? '',
  };
}

export function bodyOf(v: AnntFormValues): AnntAddBody {
  const key = v.msgType === 'USER' ? 'userIds' : v.msgType === 'ROLE' ? 'roleIds' : v.msgType === 'DEPART' ? 'departIds' : null;
  return {
    titile: v.titile,
    msgAbstract: v.msgAbstract || null,
    msgContent: v.msgContent,
    priority: v.priority,
    msgCategory: v.msgCategory,
    msgType: v.msgType,
    ...(key ? { [key]: v.recipients } : {}),
    openType: v.openType || null,
    openPage: v.openType ? v.openPage : null,
  };
}

/** Validates with the contract schema, then adds or edits. Returns an error message or null. */
export function useSaveAnnouncement(record: AnntRow | null, onSaved: () => void) {
  const [saving, setSaving] = useState(false);
  const save = async (v: AnntFormValues): Promise<string | null> => {
    const body = bodyOf(v);
    const parsed = anntAddBody.safeParse(body);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? '请检查输入';
    setSaving(true);
    try {
      if (record) await editAnnouncement({ ...body, id: record.id });
      else await addAnnouncement(body);
      onSaved();
      return null;
    } catch {
      return ''; // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

export const MSG_TYPE_OPTIONS: { value: MsgType; label: string }[] = [
  { value: 'ALL', label: '全体用户' },
  { value: 'USER', label: '指定用户' },
  { value: 'ROLE', label: '指定角色' },
  { value: 'DEPART', label: '指定部门' },
];
