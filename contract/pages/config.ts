// Pages of the configuration area (dictionaries, tenants, groups, systems, entities, gateway routes,
// data sources, fill and check rules).
export const CONFIG_PAGES = [] as const;
