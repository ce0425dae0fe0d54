// Inline menu search of the desktop header (spec §2 'search menu'): type, pick a page, go there.
import { useMemo, useState } from 'react';
import { AutoComplete } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@contract/messages';
import type { MenuRoute } from '../../router/routes';
import { matchesSearch, menuSearchOptions } from './menuModel';

export function MenuSearch({ routes }: { routes: MenuRoute[] }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const all = useMemo(() => menuSearchOptions(routes), [routes]);
  const options = useMemo(() => all.filter((o) => matchesSearch(o, text)).slice(0, 20), [all, text]);

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        navigate(path);
      }}
      notFoundContent={text ? MSG.noData : null}
      popupMatchSelectWidth={260}
      aria-label={MSG.searchMenu}
      title={MSG.searchMenu}
      placeholder={MSG.searchMenu}
      prefix={<SearchOutlined style={{ color: '#bfbfbf' }} />}
      allowClear
      style={{ width: 200 }}
    />
  );
}
