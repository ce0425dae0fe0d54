// Buttons of the category tree's writes (see server/db/catalogue.ts). Categories are a kind of
// dictionary, so the buttons hang under the 数据字典 page of the config module.
import { CATEGORY_PERMS } from '../../../contract/api/category';
import type { CatalogueEntry } from '../../db/catalogue';

const DICT_PAGE_ID = 'm-config-dict';

export const CATEGORY_MENU: CatalogueEntry[] = [
  { id: 'b-category-add', parentId: DICT_PAGE_ID, name: '分类字典-新增', perms: CATEGORY_PERMS.add, sortNo: 20, type: '2' },
  { id: 'b-category-edit', parentId: DICT_PAGE_ID, name: '分类字典-编辑', perms: CATEGORY_PERMS.edit, sortNo: 21, type: '2' },
  { id: 'b-category-delete', parentId: DICT_PAGE_ID, name: '分类字典-删除', perms: CATEGORY_PERMS.delete, sortNo: 22, type: '2' },
];
