// The end of a row action that changes its row: success text and a reload, or the server's refusal
// as a warning and the list left as it is.
import { describe, expect, it, vi } from 'vitest';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitApi } from '@/components/list/types';

function fakeKit() {
  const shown: string[] = [];
  const reload = vi.fn(async () => {});
  const message = {
    success: (m: string) => shown.push(`ok ${m}`),
    warning: (m: string) => shown.push(`warn ${m}`),
    error: (m: string) => shown.push(`error ${m}`),
  };
  return { kit: { message, reload } as unknown as ListKitApi, shown, reload };
}

describe('reloadAfter', () => {
  it('shows the success text the call answers, then reloads', async () => {
    const { kit, shown, reload } = fakeKit();
    await reloadAfter(kit, async () => '撤销成功', '撤销失败');
    expect(shown).toEqual(['ok 撤销成功']);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('warns with the refusal and does not reload', async () => {
    const { kit, shown, reload } = fakeKit();
    await reloadAfter(
      kit,
      async () => {
        throw new Error('订单状态已变化，不能撤销');
      },
      '撤销失败',
    );
    expect(shown).toEqual(['warn 订单状态已变化，不能撤销']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('uses the fallback text when the refusal has none', async () => {
    const { kit, shown } = fakeKit();
    await reloadAfter(
      kit,
      async () => {
        throw new Error('');
      },
      '开票失败',
    );
    await reloadAfter(kit, async () => {
      throw new Error('');
    });
    expect(shown).toEqual(['warn 开票失败', 'warn 操作失败']);
  });
});
