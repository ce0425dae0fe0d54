// Loads one announcement for the detail views and marks it read (then reloads the lists), as the
// spec says opening an announcement does. Shared by the desktop dialog and the phone popup.
import { useEffect, useState } from 'react';
import type { AnnouncementDetail } from '@contract/api/message';
import { sanitizeHtml } from '@contract/sanitizeHtml';
import { fetchDetail, markRead } from './api';
import { reloadNotices } from './store';

export function useNoticeDetail(id: string | null, onRead?: () => void) {
  const [detail, setDetail] = useState<AnnouncementDetail | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    setDetail(null);
    setFailed(false);
    fetchDetail(id)
      .then(async (d) => {
        if (!live) return;
        // The server sanitised on save; sanitising again costs little and guards old rows.
        setDetail({ ...d, msgContent: sanitizeHtml(d.msgContent) });
        if (d.readFlag === 0) {
          await markRead(id).catch(() => undefined);
          await reloadNotices();
          onRead?.();
        }
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // onRead is a callback prop; re-running on its identity would mark read twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return { detail, failed };
}

/** Where 去处理 goes: an in-app path (router) or an http(s) address (new window); null when none. */
export function handleTarget(d: { openType: string | null; openPage: string | null }): { kind: 'route' | 'external'; to: string } | null {
  if (d.openType !== 'url' || !d.openPage) return null;
  if (/^https?:\/\//i.test(d.openPage)) return { kind: 'external', to: d.openPage };
  if (d.openPage.startsWith('/') && !d.openPage.startsWith('//')) return { kind: 'route', to: d.openPage };
  return null;
}
