// Gallery: the pickers of spec §1 in their states (空、已填写、加载中、出错、禁用、只读), in the
// device's rendering. Pickers that read the server show their data to a signed-in visitor only.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EntityPicker } from '@/components/pickers/EntityPicker';
import { DictPicker, MultiSelectPicker, OptionPicker, PositionPicker, RolePicker } from '@/components/pickers/OptionPickers';
import { categoryRoots, entityPage, positionOptions, type PickerOption } from '@/components/pickers/pickerCalls';
import { AreaPicker, TagsPicker, TimePicker } from '@/components/pickers/SimplePickers';
import { CategoryPicker, DepartPicker, TreeSelectPicker } from '@/components/pickers/TreePickers';
import type { PickerBaseProps } from '@/components/pickers/types';
import { UserPicker } from '@/components/pickers/UserPicker';
import { ReportPicker } from '@/components/reportPicker/ReportPicker';
import { useIsMobile } from '@/hooks/useDevice';
import { session } from '@/stores/session';
import { GalleryState } from './GalleryState';

const DEPART_TREE = { tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id' };
const CHANNELS: PickerOption[] = [
  { value: 'wx', label: '微信支付' },
  { value: 'ali', label: '支付宝' },
  { value: 'union', label: '银联' },
  { value: 'bank', label: '网银' },
];

type PickerFor = (p: PickerBaseProps & { value: string; onChange: (v: string) => void }) => ReactNode;

/** One field with its value shown under it (the e2e reads `data-testid`). */
function Field({
  id,
  label,
  initial = '',
  render,
  ...rest
}: {
  id: string;
  label: string;
  initial?: string;
  render: PickerFor;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial]);
  return (
    <div style={{ marginBottom: 12 }}>
      <div style={{ fontSize: 13, marginBottom: 4 }}>{label}</div>
      {render({ label, value, onChange: setValue, ...rest })}
      <div style={{ fontSize: 12, marginTop: 4, color: 'var(--boss-color-weak)' }}>
        值：<code data-testid={`${id}-value`}>{value || '（空）'}</code>
      </div>
    </div>
  );
}

/** The first value a call answers (a sample that exists in this tenant), '' when none. */
function useSample(load: () => Promise<string | undefined>, enabled: boolean): string {
  const [v, setV] = useState('');
  useEffect(() => {
    if (enabled)
      load().then(
        (x) => setV(x ?? ''),
        () => setV(''),
      );
  }, [enabled]); // eslint-disable-line react-hooks/exhaustive-deps
  return v;
}

export default function PickersGallery() {
  const mobile = useIsMobile();
  const signedIn = !!session.token;
  const position = useSample(async () => (await positionOptions())[0]?.value, signedIn);
  const category = useSample(async () => (await categoryRoots('0'))[0]?.value, signedIn);
  const entity = useSample(async () => (await entityPage({ entityName: '', pageNo: 1, pageSize: 2 })).records.map((e) => e.id).join(','), signedIn);
  const grid = { display: 'grid', gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))', gap: 12 } as const;

  return (
    <div style={grid}>
      <GalleryState title="时间" caption="时:分:秒，值为 HH:mm:ss。">
        <Field id="time-empty" label="开始时间" render={(p) => <TimePicker {...p} />} />
        <Field id="time-filled" label="结束时间（已填写）" initial="08:30:00" render={(p) => <TimePicker {...p} />} />
        <Field id="time-disabled" label="时间（禁用）" initial="12:00:00" disabled render={(p) => <TimePicker {...p} />} />
      </GalleryState>
      <GalleryState title="标签" caption="输入的文字每 2 个字成一个标签，分号会被去掉；值为以分号连接的标签。">
        <Field id="tags" label="标签" render={(p) => <TagsPicker {...p} />} />
        <Field id="tags-readonly" label="标签（只读）" initial="华东;华南" readOnly render={(p) => <TagsPicker {...p} />} />
      </GalleryState>
      <GalleryState title="多选" caption="可选多项，值为以英文逗号连接的选项值。">
        <Field id="multi" label="支付渠道" render={(p) => <MultiSelectPicker {...p} options={CHANNELS} />} />
        <Field
          id="multi-pipe"
          label="支付渠道（竖线分隔，已填写）"
          initial="wx|ali"
          render={(p) => <MultiSelectPicker {...p} options={CHANNELS} separator="|" />}
        />
        <Field id="multi-loading" label="加载中" render={(p) => <OptionPicker {...p} options={[]} loading />} />
      </GalleryState>
      <GalleryState title="地区" caption="省 / 市 / 区三级（根编码 86），打开时才加载地区数据；值为所选的区划代码。">
        <Field id="area" label="所在地区" render={(p) => <AreaPicker {...p} />} />
        <Field id="area-readonly" label="所在地区（只读）" initial="440305" readOnly render={(p) => <AreaPicker {...p} />} />
      </GalleryState>
      {!signedIn ? (
        <GalleryState title="读取服务器数据的选择器" caption="用户、职务、字典、角色、部门、分类和业务主体选择器需要登录后查看。">
          <Link to="/user/login-admin?redirect=/test/home/pickers">登录后查看</Link>
        </GalleryState>
      ) : (
        <>
          <GalleryState title="选择用户" caption="按部门选择用户：左侧部门树，右侧按账号搜索、分页勾选；值为用户账号，显示真实姓名。">
            <Field id="users" label="经办人" render={(p) => <UserPicker {...p} multiple />} />
            <Field id="user-single" label="负责人（单选，已填写）" initial="operator" render={(p) => <UserPicker {...p} />} />
            <Field id="users-disabled" label="经办人（禁用）" initial="admin" disabled render={(p) => <UserPicker {...p} />} />
          </GalleryState>
          <GalleryState title="职务" caption="从职务管理维护的职务中选择，值为职务编码。">
            <Field id="position" label="职务" render={(p) => <PositionPicker {...p} multiple />} />
            <Field id="position-readonly" label="职务（只读）" initial={position} readOnly render={(p) => <PositionPicker {...p} />} />
          </GalleryState>
          <GalleryState title="字典" caption="字典项下拉（只列启用项）；字典编码为空时给出提示。">
            <Field id="dict" label="性别" initial="1" render={(p) => <DictPicker {...p} dictCode="sex" />} />
            <Field id="dict-error" label="出错：未配置字典编码" render={(p) => <DictPicker {...p} dictCode="" />} />
          </GalleryState>
          <GalleryState title="角色" caption="本租户的角色，值为角色 ID。">
            <Field id="role" label="角色" render={(p) => <RolePicker {...p} multiple />} />
          </GalleryState>
          <GalleryState title="树选择" caption="按表加载的树（部门表），逐级展开；condition 必须是 JSON 对象字符串。">
            <Field id="tree" label="上级部门" render={(p) => <TreeSelectPicker {...p} source={DEPART_TREE} />} />
            <Field
              id="tree-error"
              label="出错：condition 不是 JSON"
              render={(p) => <TreeSelectPicker {...p} source={{ ...DEPART_TREE, condition: 'status=1' }} />}
            />
          </GalleryState>
          <GalleryState title="部门" caption="整棵部门树，可搜索、可多选，值为部门 ID。">
            <Field id="depart" label="所属部门" initial="d-a01a01" render={(p) => <DepartPicker {...p} multiple />} />
          </GalleryState>
          <GalleryState title="分类" caption="分类字典树，逐级加载，值为分类 ID。">
            <Field id="category" label="商品分类" render={(p) => <CategoryPicker {...p} />} />
            <Field id="category-readonly" label="商品分类（只读）" initial={category} readOnly render={(p) => <CategoryPicker {...p} />} />
          </GalleryState>
          <GalleryState title="业务主体" caption="查询、分页勾选，右侧为已选项；名称超过 12 个字截断。">
            <Field id="entity" label="业务主体" render={(p) => <EntityPicker {...p} multiple />} />
            <Field id="entity-filled" label="业务主体（已填写）" initial={entity} render={(p) => <EntityPicker {...p} multiple />} />
          </GalleryState>
          <GalleryState title="弹窗报表" caption="从在线报表中选择记录：报表的查询条件和列，分页勾选，翻页后已选的仍保留；单选时只能选一条。">
            <Field id="report-multi" label="部门（多选）" render={(p) => <ReportPicker {...p} code="sys_depart" field="orgCode" multiple />} />
            <Field id="report-single" label="客户（单选）" render={(p) => <ReportPicker {...p} code="cus_customer" field="cusCode" />} />
            <Field id="report-error" label="出错：报表不存在" render={(p) => <ReportPicker {...p} code="no_such_report" />} />
          </GalleryState>
        </>
      )}
    </div>
  );
}
