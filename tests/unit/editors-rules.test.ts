// Pure rules of issue 16 §3-§4 blocks: the upload list (single replaces, keep last N, progress,
// the answer, move earlier/later, the value), the switch mapping, the display helpers of §9 and
// the tree table's answer checking and lazy children.
import { describe, expect, it } from 'vitest';
import { FILE_MSG, checkUploadFile, readUploadAnswer, UPLOAD_MAX_BYTES } from '@contract/api/files';
import {
  addToList,
  itemsOf,
  moveItem,
  progressPercent,
  valueOf,
  withAnswer,
  withFailure,
  withProgress,
  type UploadItem,
} from '@/components/upload/uploadRules';
import { switchChecked, switchValue } from '@/components/editors/switchRules';
import { dateText, ellipsis, numberText, shortFileName, yesNoText } from '@/lib/display';
import { needsLoad, prepareRows, readTreeAnswer, withChildren, TREE_TEXT } from '@/components/treeTable/treeTableRules';

const item = (uid: string, status: UploadItem['status'] = 'done', filePath = `p/${uid}`): UploadItem => ({ uid, name: uid, status, percent: 100, filePath });
const uids = (l: UploadItem[]) => l.map((f) => f.uid);
const url = (p: string) => `/static/${p}`;

describe('upload list', () => {
  it('single mode replaces the list with the newest file', () => {
    expect(uids(addToList([item('a'), item('b')], [item('c'), item('d')], { single: true }))).toEqual(['d']);
    expect(uids(addToList([item('a')], [], { single: true }))).toEqual(['a']);
  });

  it('number N keeps the last N files; 0 keeps all; removed ones drop out', () => {
    expect(uids(addToList([item('a'), item('b')], [item('c'), item('d')], { max: 3 }))).toEqual(['b', 'c', 'd']);
    expect(uids(addToList([item('a'), item('b')], [item('c'), item('d'), item('e'), item('f')], { max: 2 }))).toEqual(['e', 'f']);
    expect(uids(addToList([item('a'), item('b')], [item('c')], { max: 0 }))).toEqual(['a', 'b', 'c']);
    expect(uids(addToList([item('a', 'removed'), item('b')], [item('c')]))).toEqual(['b', 'c']);
  });

  it('progress follows the bytes sent and stays below 100 until the answer', () => {
    expect(progressPercent(0, 1000)).toBe(1);
    expect(progressPercent(500, 1000)).toBe(50);
    expect(progressPercent(1000, 1000)).toBe(99);
    expect(progressPercent(10, undefined)).toBe(1);
    const up = [{ ...item('a', 'uploading'), percent: 40 }];
    expect(withProgress(up, 'a', 30)[0].percent).toBe(40);
    expect(withProgress(up, 'a', 70)[0].percent).toBe(70);
    expect(withProgress([item('a')], 'a', 10)[0].percent).toBe(100);
  });

  it('done on success; success false becomes error with its message or unknown error; a failed request is 上传失败', () => {
    const up = [{ ...item('a', 'uploading', ''), percent: 99 }];
    const ok = withAnswer(up, 'a', { success: true, message: '上传成功', result: { filePath: 'files/0/temp/x.png', url: '/u/x.png' } }, (p, u) => u ?? p);
    expect(ok[0]).toMatchObject({ status: 'done', percent: 100, filePath: 'files/0/temp/x.png', url: '/u/x.png' });
    expect(withAnswer(up, 'a', { success: false, message: '不支持的文件类型：.exe', result: null }, url)[0]).toMatchObject({
      status: 'error',
      message: '不支持的文件类型：.exe',
    });
    expect(withAnswer(up, 'a', { success: false }, url)[0]).toMatchObject({ status: 'error', message: 'unknown error' });
    expect(withAnswer(up, 'a', { success: true, message: 'ok', result: null }, url)[0]).toMatchObject({ status: 'error', message: 'ok' });
    expect(withAnswer(up, 'a', 'garbage', url)[0]).toMatchObject({ status: 'error', message: 'unknown error' });
    // The business envelope of FileUpload reads the same way.
    expect(readUploadAnswer({ status: { success: false, errorMsg: '文件大小不能超过10MB' }, body: {} })).toEqual({
      success: false,
      message: FILE_MSG.tooLarge,
      result: null,
    });
    expect(withFailure(up, 'a')[0]).toMatchObject({ status: 'error', message: '上传失败' });
    expect(withFailure(up, 'a', '网络超时')[0].message).toBe('网络超时');
  });

  it('moves an image one place earlier or later, refusing past either end', () => {
    const l = [item('a'), item('b'), item('c')];
    const later = moveItem(l, 'a', 1);
    expect(later.ok && uids(later.list)).toEqual(['b', 'a', 'c']);
    const earlier = moveItem(l, 'c', -1);
    expect(earlier.ok && uids(earlier.list)).toEqual(['a', 'c', 'b']);
    expect(moveItem(l, 'c', 1)).toEqual({ ok: false, message: '已到最后~' });
    expect(moveItem(l, 'a', -1)).toEqual({ ok: false, message: '已到最前~' });
    expect(moveItem(l, 'zz', 1)).toEqual({ ok: false, message: '未知的操作' });
    expect(moveItem(l, 'a', 2)).toEqual({ ok: false, message: '未知的操作' });
    expect(uids(l)).toEqual(['a', 'b', 'c']);
  });

  it('the value is the done paths joined by commas, and reads back', () => {
    const l = [item('a'), item('b', 'error'), item('c', 'uploading'), item('d')];
    expect(valueOf(l)).toBe('p/a,p/d');
    const back = itemsOf('files/0/temp/20260101/0123456789abcdef01234567_合同.pdf, p/x', url);
    expect(back.map((f) => [f.name, f.status, f.url])).toEqual([
      ['合同.pdf', 'done', '/static/files/0/temp/20260101/0123456789abcdef01234567_合同.pdf'],
      ['x', 'done', '/static/p/x'],
    ]);
    expect(itemsOf('', url)).toEqual([]);
  });

  it('checks a file before sending: images only, known types, size', () => {
    expect(checkUploadFile({ name: 'a.PNG', size: 10 }, true)).toBeNull();
    expect(checkUploadFile({ name: 'a.pdf', size: 10 }, true)).toBe('请上传图片');
    expect(checkUploadFile({ name: 'a.exe', size: 10 }, false)).toBe('不支持的文件类型：.exe');
    expect(checkUploadFile({ name: 'a.pdf', size: UPLOAD_MAX_BYTES + 1 }, false)).toBe(FILE_MSG.tooLarge);
  });
});

describe('switch mapping', () => {
  it('a missing value is the second option; true is the first', () => {
    expect(switchValue(undefined)).toBe('N');
    expect(switchValue(null)).toBe('N');
    expect(switchValue('')).toBe('N');
    expect(switchValue(true)).toBe('Y');
    expect(switchValue(false)).toBe('N');
    expect(switchValue('Y')).toBe('Y');
    expect(switchChecked('Y')).toBe(true);
    expect(switchChecked('N')).toBe(false);
    expect(switchValue(true, ['1', '0'])).toBe('1');
    expect(switchValue(undefined, ['1', '0'])).toBe('0');
    expect(switchChecked('1', ['1', '0'])).toBe(true);
  });
});

describe('display helpers', () => {
  it('ellipsis at 25 characters by default, by characters', () => {
    expect(ellipsis('a'.repeat(25))).toBe('a'.repeat(25));
    expect(ellipsis('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(ellipsis('结算中心付款审批流程说明', 5)).toBe('结算中心付...');
    expect(ellipsis(null)).toBe('');
    expect(shortFileName('季度报表汇总.xlsx')).toBe('季度报表汇....xlsx');
    expect(shortFileName('合同.pdf')).toBe('合同.pdf');
  });

  it('numbers grouped by thousands, dates in the three patterns, 是/否', () => {
    expect(numberText(1234567.5)).toBe('1,234,567.5');
    expect(numberText('-9876543')).toBe('-9,876,543');
    expect(numberText(12)).toBe('12');
    expect(numberText('abc')).toBe('');
    expect(numberText(null)).toBe('');
    expect(dateText('2026-03-05 08:09:10')).toBe('2026-03-05 08:09:10');
    expect(dateText('2026-03-05 08:09:10', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(dateText('2026-03-05 08:09:10', 'HH:mm:ss')).toBe('08:09:10');
    expect(dateText(undefined)).toBe('');
    expect([yesNoText(true), yesNoText('Y'), yesNoText('1'), yesNoText(false), yesNoText(null)]).toEqual(['是', '是', '是', '否', '否']);
  });
});

describe('tree table', () => {
  it('reads a list or a page; anything else is refused', () => {
    expect(readTreeAnswer({ success: true, result: [{ id: 'a' }] })).toEqual({ ok: true, rows: [{ id: 'a' }] });
    expect(readTreeAnswer({ success: true, result: { records: [{ id: 'b' }], total: 1 } })).toEqual({ ok: true, rows: [{ id: 'b' }] });
    for (const bad of [null, 'x', { success: true, result: 'x' }, { success: true, result: { rows: [] } }, { success: true, result: [{ name: 'no id' }] }]) {
      expect(readTreeAnswer(bad)).toEqual({ ok: false, message: TREE_TEXT.badAnswer });
    }
    expect(readTreeAnswer({ success: false, message: '无权限' })).toEqual({ ok: false, message: '无权限' });
  });

  it('a row with children shows a loading... child until loaded; none makes it a leaf', () => {
    const rows = prepareRows([
      { id: 'a', hasChildren: true },
      { id: 'b', hasChildren: false },
      { id: 'c', hasChildren: '1' },
    ]);
    expect(rows[0].children).toEqual([{ id: 'a_loadChild', placeholder: true, parentId: 'a' }]);
    expect(rows[1].children).toBeUndefined();
    expect(needsLoad(rows[0])).toBe(true);
    const loaded = withChildren(rows, 'a', [{ id: 'a1', hasChildren: true, parentId: 'a' }]);
    expect(needsLoad(loaded[0])).toBe(false);
    expect(loaded[0].children?.[0].children?.[0]).toMatchObject({ placeholder: true, parentId: 'a1' });
    const deeper = withChildren(loaded, 'a1', []);
    expect(deeper[0].children?.[0]).toEqual({ id: 'a1', hasChildren: false, parentId: 'a' });
    const leaf = withChildren(rows, 'c', []);
    expect(leaf[2]).toEqual({ id: 'c', hasChildren: false });
  });
});
