import { SearchOutlined } from '@ant-design/icons';
import { Select, type RefSelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { useNavigate } from 'react-router-dom';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import type { FormListEntry } from '../../../../shared/contracts/form';
import { useFormList } from '../../lib/forms/api/list-forms';
import { FormStatusTag } from '../../lib/forms/form-status';
import { useSessionVendor } from '../../lib/session/use-session';
import { mayOpen, menuGroups } from './menu-items';
import { navbarPopupContainer } from './navbar-popup-container';

interface Option {
  value: string;
  label: string;
  status?: FormListEntry['status'];
}

interface Group {
  label: string;
  options: Option[];
}

/** Whether a key press should focus the search: "/" outside any text field. */
function isSearchShortcut(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing;
}

/**
 * "Go to": one search over the pages of the menu and the vendor's forms (with their state), so a
 * vendor with several categories reaches any settings screen in a few keys ("/" focuses it). The
 * forms load from the server each time the search opens (their state changes as the vendor saves),
 * the last list showing meanwhile; before the first answer a search with nothing to show says the
 * `dropdown.loadingText` of app.json, and one that matches nothing its `noOptionsText`.
 */
export function NavbarSearch({ onNavigate, shortcut = false }: { onNavigate?: () => void; shortcut?: boolean }) {
  const { app, routes, table } = useConfig();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const role = useSessionVendor()?.role;
  // The forms are not fetched before the search first opens.
  const [opened, setOpened] = useState(false);
  const forms = useFormList({ enabled: opened });
  const [query, setQuery] = useState('');
  const ref = useRef<RefSelectProps>(null);

  useEffect(() => {
    if (!shortcut) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  const load = () => {
    if (!opened) setOpened(true);
    else if (!forms.isFetching) void forms.refetch();
  };

  const groups = useMemo((): Group[] => {
    const formOptions: Option[] = (forms.data ?? [])
      .filter((form) => {
        const route = table.match(form.path)?.route;
        return route !== undefined && mayOpen(route, ability, role);
      })
      .map((form) => ({ value: form.path, label: form.title, status: form.status }));
    const formPaths = new Set(formOptions.map((option) => option.value));
    const pageOptions: Option[] = menuGroups(app.menu, routes, ability, role)
      .flatMap((group) => group.items)
      .filter((entry) => !formPaths.has(entry.path))
      .map((entry) => ({ value: entry.path, label: t(entry.label) }));
    const needle = query.trim().toLowerCase();
    const matching = (options: Option[]) => options.filter((option) => option.label.toLowerCase().includes(needle));
    return [
      { label: t('search.pages'), options: matching(pageOptions) },
      { label: t('search.forms'), options: matching(formOptions) },
    ].filter((group) => group.options.length > 0);
  }, [forms.data, query, app.menu, routes, table, ability, role, t]);

  const loading = forms.isFetching && forms.data === undefined;
  const failed = forms.isError && !forms.isFetching && forms.data === undefined;
  return (
    <Select<string, Option | Group>
      ref={ref}
      className="navbar-search"
      classNames={{ popup: { root: 'navbar-search__popup' } }}
      getPopupContainer={navbarPopupContainer}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={t(shortcut ? 'search.placeholderShortcut' : 'search.placeholder')}
      aria-label={t('search.label')}
      prefix={<SearchOutlined aria-hidden />}
      suffixIcon={null}
      loading={loading}
      options={groups}
      optionRender={({ data }) => (
        <span className="navbar-search__option">
          <span>{data.label}</span>
          {'status' in data && data.status && <FormStatusTag status={data.status} />}
        </span>
      )}
      notFoundContent={<div className="dropdown-empty">{loading ? app.dropdown.loadingText : app.dropdown.noOptionsText}</div>}
      popupRender={(menu) => (
        <>
          {menu}
          {failed && (
            <div className="dropdown-empty" role="status">
              {t('search.formsFailed')}
            </div>
          )}
        </>
      )}
      onOpenChange={(open) => {
        if (open) load();
        else setQuery('');
      }}
      onSelect={(path) => {
        setQuery('');
        ref.current?.blur();
        void navigate(path);
        onNavigate?.();
      }}
      popupMatchSelectWidth={false}
    />
  );
}
