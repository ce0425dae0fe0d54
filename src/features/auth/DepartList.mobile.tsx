// Departments on a phone: a drill-down list (tap a department to see the ones below it); the
// current level's department opens its detail sheet with 基本信息 / 部门权限 / 部门角色.
import { useMemo, useState } from 'react';
import { Button, Dialog, DotLoading, Empty, FloatingBubble, List, NavBar, Popup, SearchBar, Tabs, Tag, Toast } from 'antd-mobile';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { RBAC_CODE, type DepartNode, type DepartRoleRecord } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import ListKit from '@/components/list/ListKit';
import { departGrant, departRoleGrant, useCan } from './api';
import DepartFormMobile from './DepartForm.mobile';
import { departRoleConfig } from './departRoleConfig';
import GrantDialog from './GrantDialog';
import GrantTreeMobile from './GrantTree.mobile';
import { filterTree, pathTo } from './treeRules';
import { useDeparts } from './useDeparts';

const CATEGORY = { '1': '公司', '2': '部门', '3': '岗位' } as const;

export default function DepartListMobile() {
  const d = useDeparts();
  const can = useCan();
  const [at, setAt] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [detail, setDetail] = useState<DepartNode | null>(null);
  const [adding, setAdding] = useState<DepartNode | null | undefined>(undefined);
  const [granting, setGranting] = useState<DepartRoleRecord | null>(null);
  const roots = useMemo(() => filterTree(d.tree, search), [d.tree, search]);
  const trail = pathTo(roots, at);
  const here = trail.length ? trail[trail.length - 1] : null;
  const rows: DepartNode[] = here ? (here.children ?? []) : roots;
  const current = detail ? (d.byId.get(detail.id) ?? detail) : null;
  const roleConfig = useMemo(() => (current ? departRoleConfig(current.id, setGranting) : null), [current]);
  const grantTarget = useMemo(() => (current ? departGrant(current.id) : null), [current]);
  const roleTarget = useMemo(() => (current && granting ? departRoleGrant(current.id, granting.id) : null), [current, granting]);

  return (
    <div style={{ minHeight: '100%', background: '#f5f5f5' }}>
      <div style={{ padding: '8px 12px', background: '#fff' }}>
        <SearchBar
          placeholder="请输入部门名称"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setAt(null);
          }}
        />
      </div>
      {here && (
        <>
          <NavBar onBack={() => setAt(trail.length > 1 ? trail[trail.length - 2].id : null)} style={{ background: '#fff' }}>
            {trail.map((n) => n.departName).join(' / ')}
          </NavBar>
          <List header="当前部门">
            <List.Item description={`${CATEGORY[here.orgCategory]} · ${here.orgCode}`} onClick={() => setDetail(here)} extra="详情">
              {here.departName}
            </List.Item>
          </List>
        </>
      )}
      {d.loading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <DotLoading />
        </div>
      ) : rows.length === 0 ? (
        <Empty description={here ? '没有下级部门' : MSG.noData} />
      ) : (
        <List header={here ? '下级部门' : '组织机构'}>
          {rows.map((n) => (
            <List.Item
              key={n.id}
              description={`${n.orgCode}${n.children?.length ? ` · ${n.children.length} 个下级` : ''}`}
              extra={
                <Tag color={n.orgCategory === '1' ? 'primary' : 'default'} fill="outline">
                  {CATEGORY[n.orgCategory]}
                </Tag>
              }
              onClick={() => (n.children?.length ? setAt(n.id) : setDetail(n))}
            >
              {n.departName}
            </List.Item>
          ))}
        </List>
      )}
      {can(RBAC_CODE.departAdd) && (
        <FloatingBubble style={{ '--initial-position-bottom': '80px', '--initial-position-right': '20px' }} onClick={() => setAdding(here)}>
          <AddOutline fontSize={28} />
        </FloatingBubble>
      )}

      <Popup
        visible={adding !== undefined}
        onMaskClick={() => setAdding(undefined)}
        position="right"
        bodyStyle={{ width: '100vw', height: '100%' }}
        destroyOnClose
      >
        <NavBar onBack={() => setAdding(undefined)}>{adding ? `添加下级：${adding.departName}` : '添加一级部门'}</NavBar>
        {adding !== undefined && (
          <DepartFormMobile
            depart={null}
            parent={adding}
            canSave
            onSave={async (v) => {
              await d.add(v, adding?.id ?? null);
              setAdding(undefined);
            }}
          />
        )}
      </Popup>

      <Popup
        visible={!!current}
        onMaskClick={() => setDetail(null)}
        position="right"
        bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column' }}
        destroyOnClose
      >
        {current && (
          <>
            <NavBar
              onBack={() => setDetail(null)}
              right={
                can(RBAC_CODE.departDelete) && (
                  <Button
                    size="mini"
                    color="danger"
                    fill="none"
                    onClick={async () => {
                      if (!(await Dialog.confirm({ content: `确定删除部门「${current.departName}」吗？` }))) return;
                      try {
                        await d.remove(current.id);
                        Toast.show({ icon: 'success', content: '删除成功' });
                        setDetail(null);
                      } catch {
                        /* shown by the request layer */
                      }
                    }}
                  >
                    删除
                  </Button>
                )
              }
            >
              {current.departName}
            </NavBar>
            <Tabs style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
              <Tabs.Tab title="基本信息" key="info">
                <DepartFormMobile
                  depart={current}
                  parent={current.parentId ? (d.byId.get(current.parentId) ?? null) : null}
                  canSave={can(RBAC_CODE.departEdit)}
                  onSave={(v) => d.edit(current.id, v)}
                />
              </Tabs.Tab>
              {can(RBAC_CODE.departAuth) && (
                <Tabs.Tab title="部门权限" key="perm">
                  <div style={{ height: 'calc(100vh - 110px)' }}>
                    <GrantTreeMobile target={grantTarget} />
                  </div>
                </Tabs.Tab>
              )}
              {can(RBAC_CODE.departRoleList) && roleConfig && (
                <Tabs.Tab title="部门角色" key="role">
                  <ListKit config={roleConfig} />
                </Tabs.Tab>
              )}
            </Tabs>
          </>
        )}
      </Popup>
      <GrantDialog
        open={!!granting}
        onClose={() => setGranting(null)}
        title={granting ? `部门角色授权：${granting.roleName}` : '部门角色授权'}
        target={roleTarget}
      />
    </div>
  );
}
