// Gallery: the pickers of spec §1, one page per picker (Pickers.meta.ts), each in its states (空、
// 已填写、加载中、出错、禁用、只读), in the device's rendering. Pickers that read the server show
// their data to a signed-in visitor only.
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

/** The states of one picker, side by side on a desktop. */
function Blocks({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  return <div style={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))', gap: 12 }}>{children}</div>;
}

/** Pickers that read the server: their states for a signed-in visitor, a sign-in link for others. */
function SignedIn({ path, children }: { path: string; children: ReactNode }) {
  if (session.token) return <Blocks>{children}</Blocks>;
  return (
    <GalleryState title="需要登录" caption="这个选择器读取服务器数据，登录后查看。">
      <Link to={`/user/login-admin?redirect=/test/home/${path}`}>登录后查看</Link>
    </GalleryState>
  );
}
const signedIn = () => !!session.token;

export function TimeBlock() {
  return (
    <Blocks>
      <GalleryState title="空" caption="时:分:秒，值为 HH:mm:ss。">
        <Field id="time-empty" label="开始时间" render={(p) => <TimePicker {...p} />} />
      </GalleryState>
      <GalleryState title="已填写" caption="已有值时显示该时间，可清除或重新选择。">
        <Field id="time-filled" label="结束时间（已填写）" initial="08:30:00" render={(p) => <TimePicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="time-disabled" label="时间（禁用）" initial="12:00:00" disabled render={(p) => <TimePicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示时间。">
        <Field id="time-readonly" label="时间（只读）" initial="17:00:00" readOnly render={(p) => <TimePicker {...p} />} />
      </GalleryState>
    </Blocks>
  );
}

export function TagsBlock() {
  return (
    <Blocks>
      <GalleryState title="空" caption="输入的文字每 2 个字成一个标签，分号会被去掉；值为以分号连接的标签。">
        <Field id="tags" label="标签" render={(p) => <TagsPicker {...p} />} />
      </GalleryState>
      <GalleryState title="已填写" caption="已有标签，可继续添加或删除。">
        <Field id="tags-filled" label="标签（已填写）" initial="华东;华南" render={(p) => <TagsPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="tags-disabled" label="标签（禁用）" initial="华北" disabled render={(p) => <TagsPicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示标签。">
        <Field id="tags-readonly" label="标签（只读）" initial="华东;华南" readOnly render={(p) => <TagsPicker {...p} />} />
      </GalleryState>
    </Blocks>
  );
}

export function MultiBlock() {
  return (
    <Blocks>
      <GalleryState title="空" caption="可选多项，值为以英文逗号连接的选项值。">
        <Field id="multi" label="支付渠道" render={(p) => <MultiSelectPicker {...p} options={CHANNELS} />} />
      </GalleryState>
      <GalleryState title="已填写（竖线分隔）" caption="分隔符可以配置，这里用竖线。">
        <Field
          id="multi-pipe"
          label="支付渠道（竖线分隔，已填写）"
          initial="wx|ali"
          render={(p) => <MultiSelectPicker {...p} options={CHANNELS} separator="|" />}
        />
      </GalleryState>
      <GalleryState title="加载中" caption="选项还在加载时显示加载状态。">
        <Field id="multi-loading" label="加载中" render={(p) => <OptionPicker {...p} options={[]} loading />} />
      </GalleryState>
      <GalleryState title="出错" caption="选项加载失败时显示原因。">
        <Field id="multi-error" label="出错：选项加载失败" render={(p) => <OptionPicker {...p} options={[]} error="选项加载失败，请稍后重试" />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="multi-disabled" label="支付渠道（禁用）" initial="bank" disabled render={(p) => <MultiSelectPicker {...p} options={CHANNELS} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示所选项的文字。">
        <Field id="multi-readonly" label="支付渠道（只读）" initial="wx,union" readOnly render={(p) => <MultiSelectPicker {...p} options={CHANNELS} />} />
      </GalleryState>
    </Blocks>
  );
}

export function AreaBlock() {
  return (
    <Blocks>
      <GalleryState title="空" caption="省 / 市 / 区三级（根编码 86），打开时才加载地区数据；值为所选的区划代码。">
        <Field id="area" label="所在地区" render={(p) => <AreaPicker {...p} />} />
      </GalleryState>
      <GalleryState title="已填写" caption="显示区划的完整路径。">
        <Field id="area-filled" label="所在地区（已填写）" initial="330106" render={(p) => <AreaPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="area-disabled" label="所在地区（禁用）" initial="110101" disabled render={(p) => <AreaPicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示地区。">
        <Field id="area-readonly" label="所在地区（只读）" initial="440305" readOnly render={(p) => <AreaPicker {...p} />} />
      </GalleryState>
    </Blocks>
  );
}

export function UserBlock() {
  return (
    <SignedIn path="picker-user">
      <GalleryState title="空（多选）" caption="按部门选择用户：左侧部门树，右侧按账号搜索、分页勾选；值为用户账号，显示真实姓名。">
        <Field id="users" label="经办人" render={(p) => <UserPicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="已填写（单选）" caption="单选时只能选一个用户。">
        <Field id="user-single" label="负责人（单选，已填写）" initial="operator" render={(p) => <UserPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="users-disabled" label="经办人（禁用）" initial="admin" disabled render={(p) => <UserPicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示用户姓名。">
        <Field id="users-readonly" label="经办人（只读）" initial="approver" readOnly render={(p) => <UserPicker {...p} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function PositionBlock() {
  const position = useSample(async () => (await positionOptions())[0]?.value, signedIn());
  return (
    <SignedIn path="picker-position">
      <GalleryState title="空（多选）" caption="从职务管理维护的职务中选择，值为职务编码。">
        <Field id="position" label="职务" render={(p) => <PositionPicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示职务名称。">
        <Field id="position-readonly" label="职务（只读）" initial={position} readOnly render={(p) => <PositionPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="position-disabled" label="职务（禁用）" initial={position} disabled render={(p) => <PositionPicker {...p} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function DictBlock() {
  return (
    <SignedIn path="picker-dict">
      <GalleryState title="已填写" caption="字典项下拉（只列启用项）。">
        <Field id="dict" label="性别" initial="1" render={(p) => <DictPicker {...p} dictCode="sex" />} />
      </GalleryState>
      <GalleryState title="出错" caption="字典编码为空时给出提示。">
        <Field id="dict-error" label="出错：未配置字典编码" render={(p) => <DictPicker {...p} dictCode="" />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="dict-disabled" label="性别（禁用）" initial="2" disabled render={(p) => <DictPicker {...p} dictCode="sex" />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示字典项的文字。">
        <Field id="dict-readonly" label="性别（只读）" initial="1" readOnly render={(p) => <DictPicker {...p} dictCode="sex" />} />
      </GalleryState>
    </SignedIn>
  );
}

export function RoleBlock() {
  return (
    <SignedIn path="picker-role">
      <GalleryState title="空（多选）" caption="本租户的角色，值为角色 ID。">
        <Field id="role" label="角色" render={(p) => <RolePicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="role-disabled" label="角色（禁用）" disabled render={(p) => <RolePicker {...p} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function TreeSelectBlock() {
  return (
    <SignedIn path="picker-tree">
      <GalleryState title="空" caption="按表加载的树（部门表），逐级展开。">
        <Field id="tree" label="上级部门" render={(p) => <TreeSelectPicker {...p} source={DEPART_TREE} />} />
      </GalleryState>
      <GalleryState title="出错" caption="condition 必须是 JSON 对象字符串，否则给出提示。">
        <Field
          id="tree-error"
          label="出错：condition 不是 JSON"
          render={(p) => <TreeSelectPicker {...p} source={{ ...DEPART_TREE, condition: 'status=1' }} />}
        />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="tree-disabled" label="上级部门（禁用）" disabled render={(p) => <TreeSelectPicker {...p} source={DEPART_TREE} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function DepartBlock() {
  return (
    <SignedIn path="picker-depart">
      <GalleryState title="已填写（多选）" caption="整棵部门树，可搜索、可多选，值为部门 ID。">
        <Field id="depart" label="所属部门" initial="d-a01a01" render={(p) => <DepartPicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="空" caption="未选择部门。">
        <Field id="depart-empty" label="所属部门（空）" render={(p) => <DepartPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="depart-disabled" label="所属部门（禁用）" initial="d-a01a01" disabled render={(p) => <DepartPicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示部门名称。">
        <Field id="depart-readonly" label="所属部门（只读）" initial="d-a01a01" readOnly render={(p) => <DepartPicker {...p} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function CategoryBlock() {
  const category = useSample(async () => (await categoryRoots('0'))[0]?.value, signedIn());
  return (
    <SignedIn path="picker-category">
      <GalleryState title="空" caption="分类字典树，逐级加载，值为分类 ID。">
        <Field id="category" label="商品分类" render={(p) => <CategoryPicker {...p} />} />
      </GalleryState>
      <GalleryState title="只读" caption="只显示分类名称。">
        <Field id="category-readonly" label="商品分类（只读）" initial={category} readOnly render={(p) => <CategoryPicker {...p} />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="category-disabled" label="商品分类（禁用）" initial={category} disabled render={(p) => <CategoryPicker {...p} />} />
      </GalleryState>
    </SignedIn>
  );
}

export function EntityBlock() {
  const entity = useSample(async () => (await entityPage({ entityName: '', pageNo: 1, pageSize: 2 })).records.map((e) => e.id).join(','), signedIn());
  return (
    <SignedIn path="picker-entity">
      <GalleryState title="空（多选）" caption="查询、分页勾选，右侧为已选项；名称超过 12 个字截断。">
        <Field id="entity" label="业务主体" render={(p) => <EntityPicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="已填写" caption="显示已选业务主体的名称。">
        <Field id="entity-filled" label="业务主体（已填写）" initial={entity} render={(p) => <EntityPicker {...p} multiple />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="entity-disabled" label="业务主体（禁用）" initial={entity} disabled render={(p) => <EntityPicker {...p} multiple />} />
      </GalleryState>
    </SignedIn>
  );
}

export function ReportBlock() {
  return (
    <SignedIn path="picker-report">
      <GalleryState title="空（多选）" caption="从在线报表中选择记录：报表的查询条件和列，分页勾选，翻页后已选的仍保留。">
        <Field id="report-multi" label="部门（多选）" render={(p) => <ReportPicker {...p} code="sys_depart" field="orgCode" multiple />} />
      </GalleryState>
      <GalleryState title="单选" caption="单选时只能选一条。">
        <Field id="report-single" label="客户（单选）" render={(p) => <ReportPicker {...p} code="cus_customer" field="cusCode" />} />
      </GalleryState>
      <GalleryState title="出错" caption="报表不存在时给出提示。">
        <Field id="report-error" label="出错：报表不存在" render={(p) => <ReportPicker {...p} code="no_such_report" />} />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <Field id="report-disabled" label="部门（禁用）" disabled render={(p) => <ReportPicker {...p} code="sys_depart" field="orgCode" />} />
      </GalleryState>
    </SignedIn>
  );
}
