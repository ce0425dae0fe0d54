// Gateway routes (platform-wide), data sources with the connection test, fill rules with their
// generators and check rules with checkByCode (tenant-owned).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONFIG_BASE,
  CONFIG_EXTRA_PERMS,
  CONFIG_LIST_FIELDS,
  CONFIG_MSG,
  CONFIG_PERM,
  CP,
  PASSWORD_MASK,
  checkByCodeQuery,
  checkRuleBody,
  dataSourceBody,
  fillRuleBody,
  gatewayBody,
  testConnectionBody,
  type FillRuleClass,
} from '../../../contract/api/config';
import { parseCheckRules, runCheckRules } from '../../../contract/api/configRules';
import type { ModuleOptions } from '../../context';
import { checkRules, dataSources, fillRules, gatewayRoutes } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { fmtTime, registerCrud, type ZodApp } from './crud';
import { hostAllowed, openPassword, probePostgres, refusedHostMessage, sealPassword } from './dataSourceAccess';
import { fillParamsProblem, nextFillValue } from './fillRuleGenerators';
import { platformOnly, tenantOf, tenantScope } from './scope';

const pretty = (s: string | null | undefined) => (s && s.trim() ? s : '[]');

export function infraRoutes(app: ZodApp, { deps }: ModuleOptions): void {
  const db = deps.db;

  registerCrud(app, db, {
    tag: 'gateway',
    base: CONFIG_BASE.gateway,
    title: '网关路由',
    exportColumns: [
      { key: 'routerId', header: '路由ID' },
      { key: 'name', header: '路由名称' },
      { key: 'uri', header: '目标地址' },
      { key: 'predicates', header: '断言' },
      { key: 'filters', header: '过滤器' },
      { key: 'status', header: '状态' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.gateway,
    table: gatewayRoutes,
    idCol: gatewayRoutes.id,
    fields: CONFIG_LIST_FIELDS.gateway,
    columns: {
      id: gatewayRoutes.id,
      routerId: gatewayRoutes.routerId,
      name: gatewayRoutes.name,
      uri: gatewayRoutes.uri,
      status: gatewayRoutes.status,
      createTime: gatewayRoutes.createdAt,
    },
    body: gatewayBody,
    uniqueMessage: CONFIG_MSG.codeTaken('路由ID'),
    guard: platformOnly(db),
    values: (b) => ({
      routerId: b.routerId,
      name: b.name,
      uri: b.uri,
      status: b.status,
      updatedAt: new Date(),
      // stored normalised, so what the list shows is what the gateway will read
      predicates: JSON.stringify(JSON.parse(pretty(b.predicates))),
      filters: JSON.stringify(JSON.parse(pretty(b.filters))),
    }),
    toRecord: (r) => ({
      id: r.id,
      routerId: r.routerId,
      name: r.name,
      uri: r.uri,
      predicates: r.predicates,
      filters: r.filters,
      status: r.status,
      createTime: fmtTime(r.createdAt),
    }),
  });

  registerCrud(app, db, {
    tag: 'dataSource',
    base: CONFIG_BASE.dataSource,
    title: '数据源',
    exportColumns: [
      { key: 'code', header: '数据源编码' },
      { key: 'name', header: '数据源名称' },
      { key: 'dbType', header: '数据库类型' },
      { key: 'host', header: '主机' },
      { key: 'port', header: '端口' },
      { key: 'database', header: '数据库名' },
      { key: 'username', header: '用户名' },
      { key: 'remark', header: '备注' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.dataSource,
    table: dataSources,
    idCol: dataSources.id,
    fields: CONFIG_LIST_FIELDS.dataSource,
    columns: {
      id: dataSources.id,
      code: dataSources.code,
      name: dataSources.name,
      dbType: dataSources.dbType,
      host: dataSources.host,
      database: dataSources.database,
      createTime: dataSources.createdAt,
    },
    body: dataSourceBody,
    uniqueMessage: CONFIG_MSG.codeTaken('数据源编码'),
    scope: tenantScope(dataSources.tenantId),
    values(b, req, existing) {
      const row: Record<string, unknown> = {
        tenantId: tenantOf(req),
        code: b.code,
        name: b.name,
        dbType: b.dbType,
        host: b.host,
        port: b.port,
        database: b.database,
        username: b.username,
        remark: b.remark ?? null,
      };
      // On edit, an empty password or the mask keeps the stored one.
      const pw = b.password ?? '';
      if (pw !== '' && pw !== PASSWORD_MASK) row.passwordEnc = sealPassword(pw, deps.dataKey);
      else if (!existing) row.passwordEnc = null;
      return row;
    },
    toRecord: (r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      dbType: r.dbType,
      host: r.host,
      port: r.port,
      database: r.database,
      username: r.username,
      password: r.passwordEnc ? PASSWORD_MASK : '',
      remark: r.remark ?? '',
      createTime: fmtTime(r.createdAt),
    }),
  });

  app.post(
    CP.testConnection,
    { schema: { body: testConnectionBody, tags: ['dataSource'] }, config: { permission: CONFIG_EXTRA_PERMS.dataSourceTest } },
    async (req) => {
      const b = req.body;
      // Decided on the literal host before any connection or DNS look-up happens.
      if (!hostAllowed(b.host)) throw new AppError(400, refusedHostMessage(b.host));
      let password = b.password ?? '';
      if ((password === '' || password === PASSWORD_MASK) && b.id) {
        const [row] = await db
          .select({ enc: dataSources.passwordEnc })
          .from(dataSources)
          .where(and(eq(dataSources.id, b.id), eq(dataSources.tenantId, tenantOf(req))))
          .limit(1);
        if (!row) throw new AppError(404, CONFIG_MSG.notFound);
        password = row.enc ? openPassword(row.enc, deps.dataKey) : '';
      } else if (password === PASSWORD_MASK) password = '';
      const failure = await probePostgres({ host: b.host, port: b.port, database: b.database, username: b.username, password });
      if (failure) throw new AppError(400, CONFIG_MSG.connectFailed(failure));
      return sysOk(true, CONFIG_MSG.connectOk);
    },
  );

  registerCrud(app, db, {
    tag: 'fillRule',
    base: CONFIG_BASE.fillRule,
    title: '填值规则',
    exportColumns: [
      { key: 'ruleCode', header: '规则编码' },
      { key: 'ruleName', header: '规则名称' },
      { key: 'ruleClass', header: '实现类' },
      { key: 'ruleParams', header: '规则参数' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.fillRule,
    table: fillRules,
    idCol: fillRules.id,
    fields: CONFIG_LIST_FIELDS.fillRule,
    columns: { id: fillRules.id, ruleCode: fillRules.ruleCode, ruleName: fillRules.ruleName, ruleClass: fillRules.ruleClass, createTime: fillRules.createdAt },
    body: fillRuleBody,
    uniqueMessage: CONFIG_MSG.codeTaken('规则编码'),
    scope: tenantScope(fillRules.tenantId),
    values(b, req) {
      const problem = fillParamsProblem(b.ruleClass, b.ruleParams);
      if (problem) throw new AppError(400, problem);
      return { tenantId: tenantOf(req), ruleCode: b.ruleCode, ruleName: b.ruleName, ruleClass: b.ruleClass, ruleParams: b.ruleParams?.trim() || null };
    },
    toRecord: (r) => ({
      id: r.id,
      ruleCode: r.ruleCode,
      ruleName: r.ruleName,
      ruleClass: r.ruleClass as FillRuleClass,
      ruleParams: r.ruleParams ?? '',
      createTime: fmtTime(r.createdAt),
    }),
  });

  app.get(
    CP.executeRule,
    {
      schema: { params: z.object({ ruleCode: z.string().trim().min(1).max(64) }), tags: ['fillRule'] },
      config: { permission: CONFIG_EXTRA_PERMS.fillRuleExecute },
    },
    async (req) => {
      const [rule] = await db
        .select()
        .from(fillRules)
        .where(and(eq(fillRules.ruleCode, req.params.ruleCode), eq(fillRules.tenantId, tenantOf(req))))
        .limit(1);
      if (!rule) throw new AppError(404, CONFIG_MSG.ruleNotFound(req.params.ruleCode));
      return sysOk(await nextFillValue(db, rule));
    },
  );

  registerCrud(app, db, {
    tag: 'checkRule',
    base: CONFIG_BASE.checkRule,
    title: '校验规则',
    exportColumns: [
      { key: 'ruleCode', header: '规则编码' },
      { key: 'ruleName', header: '规则名称' },
      { key: 'ruleJson', header: '规则' },
      { key: 'description', header: '描述' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.checkRule,
    table: checkRules,
    idCol: checkRules.id,
    fields: CONFIG_LIST_FIELDS.checkRule,
    columns: { id: checkRules.id, ruleCode: checkRules.ruleCode, ruleName: checkRules.ruleName, createTime: checkRules.createdAt },
    body: checkRuleBody,
    uniqueMessage: CONFIG_MSG.codeTaken('规则编码'),
    scope: tenantScope(checkRules.tenantId),
    values: (b, req) => ({ tenantId: tenantOf(req), ruleCode: b.ruleCode, ruleName: b.ruleName, ruleJson: b.ruleJson, description: b.description ?? null }),
    toRecord: (r) => ({
      id: r.id,
      ruleCode: r.ruleCode,
      ruleName: r.ruleName,
      ruleJson: r.ruleJson,
      description: r.description ?? '',
      createTime: fmtTime(r.createdAt),
    }),
  });

  // Any signed-in user: forms all over the product validate with check rules.
  app.get(CP.checkByCode, { schema: { querystring: checkByCodeQuery, tags: ['checkRule'] }, config: { permission: 'authenticated' } }, async (req) => {
    const [rule] = await db
      .select()
      .from(checkRules)
      .where(and(eq(checkRules.ruleCode, req.query.ruleCode), eq(checkRules.tenantId, tenantOf(req))))
      .limit(1);
    if (!rule) throw new AppError(404, CONFIG_MSG.ruleNotFound(req.query.ruleCode));
    const parsed = parseCheckRules(rule.ruleJson);
    if (!parsed.ok) throw new AppError(400, parsed.message);
    const failure = runCheckRules(parsed.value, req.query.value);
    if (failure) throw new AppError(400, failure);
    return sysOk(true, CONFIG_MSG.checkPassed);
  });
}
