// Tenants and their branding (system info). A tenant is found by the host name of the page the
// client is on; unknown hosts get the default tenant.
import { eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import type { SysInfo } from '../../../contract/types';
import type { Db } from '../../db/client';
import { sysInfo, tenants } from '../../db/schema';

export type TenantRow = typeof tenants.$inferSelect;

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url.includes('://') ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export async function tenantByUrl(db: Db, url: string | undefined): Promise<TenantRow> {
  const host = hostOf(url);
  if (host) {
    const [t] = await db.select().from(tenants).where(eq(tenants.domain, host)).limit(1);
    if (t && t.status === 1) return t;
  }
  const [def] = await db.select().from(tenants).where(eq(tenants.id, DEFAULT_TENANT_ID)).limit(1);
  return def;
}

export async function sysInfoOf(db: Db, tenantId: string): Promise<SysInfo> {
  let [row] = await db.select().from(sysInfo).where(eq(sysInfo.tenantId, tenantId)).limit(1);
  if (!row) [row] = await db.select().from(sysInfo).where(eq(sysInfo.tenantId, DEFAULT_TENANT_ID)).limit(1);
  const opt = (v: string | null) => v ?? undefined;
  return {
    sysName: row.sysName,
    tabTitle: row.tabTitle,
    tabLogo: opt(row.tabLogo),
    logo: opt(row.logo),
    bkg: opt(row.bkg),
    copyright: row.copyright,
    company: row.company,
    companyLogo: opt(row.companyLogo),
    registerEnt: opt(row.registerEnt),
    registerSecurity: opt(row.registerSecurity),
    sysColor: row.sysColor,
    sysTheme: opt(row.sysTheme),
    sysBriefName: row.sysBriefName,
    cfgOpPwd: row.cfgOpPwd,
    cfgPayPwd: row.cfgPayPwd,
    cfgDataDecrypt: row.cfgDataDecrypt,
    helpUrl: opt(row.helpUrl),
  };
}
