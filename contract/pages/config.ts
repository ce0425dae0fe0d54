// Pages of the configuration area (dictionaries, tenants, groups, systems, entities, gateway routes,
// data sources, fill and check rules).
export const CONFIG_PAGES = [
  'config/DictList',
  'config/TenantList',
  'config/GroupList',
  'config/SystemList',
  'config/EntityList',
  'config/GatewayList',
  'config/DataSourceList',
  'config/FillRuleList',
  'config/CheckRuleList',
] as const;
