import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { isAxiosError } from 'axios';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { generatePath, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DIRECTORY_SORTS, type DirectorySort } from '../../../../shared/contracts/public-vendors';
import { vendorsOfKind } from '../../../../shared/marketplace/vendors-of-kind';
import { PLACE_MESSAGE, PLACE_PATTERN } from '../../../../shared/places/place-pattern';
import { placeFromSlug, placeSlug } from '../../../../shared/places/place-slug';
import { PageState, loadFailure } from '../../components/page-state';
import { useConfig } from '../../lib/config/config-context';
import { useDocumentMeta } from '../../lib/config/use-document-meta';
import { problemOf } from '../../lib/forms/server-errors';
import { removePrerenderedPage } from '../../lib/prerender/prerendered-page';
import { useDirectory, type DirectorySearch } from './api/list-directory';
import { PublicPageFrame } from './components/public-page-frame';
import { VendorCard } from './components/vendor-card';

const SORT_LABELS: Record<DirectorySort, string> = { rating: 'Highest rated', response: 'Fastest to respond', distance: 'Nearest' };
const FIELDS = ['category', 'place', 'sort'] as const;

interface SearchValues {
  category?: string;
  place?: string;
  sort: DirectorySort;
}

function sortOf(value: string | null): DirectorySort {
  return DIRECTORY_SORTS.find((sort) => sort === value) ?? 'rating';
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a failed search is a 400 naming one of the search's fields (shown on the field, not as a failure). */
function fieldProblem(error: unknown) {
  const problem = isAxiosError(error) && error.response?.status === 400 ? problemOf(error) : null;
  const errors = (problem?.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.path));
  return problem ? { errors, message: errors.length === 0 ? (problem.detail ?? problem.title) : null } : null;
}

/**
 * `/vendors` and `/vendors/:category/:place` (public, full page): a couple picks a kind of vendor
 * and a place (a city or a ZIP code) and sees the vendors whose service area covers it, best
 * rated, fastest or nearest first, a page at a time. Each search is a URL of its own
 * (`/vendors/bakery/austin-tx?sort=distance`), so results can be shared and crawled.
 */
export default function DirectoryPage() {
  const { categories, table } = useConfig();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<SearchValues>();

  const sort = sortOf(searchParams.get('sort'));
  // A later page's link (the server page's "Next page", as crawled) lists from that page on.
  const cursor = searchParams.get('cursor') || undefined;
  const search = useMemo<DirectorySearch | null>(
    () => (params.category && params.place ? { category: params.category, place: placeFromSlug(params.place) ?? params.place, sort, cursor } : null),
    [params.category, params.place, sort, cursor],
  );
  const results = useDirectory(search);
  // The server's page of this directory gives way as this one first draws (its search form, the results, or their loading when it had none to embed).
  useLayoutEffect(() => removePrerenderedPage(), []);
  const first = results.data?.pages[0];
  const vendors = results.data?.pages.flatMap((page) => page.data) ?? [];
  const invalid = results.isError ? fieldProblem(results.error) : null;
  const categoryLabel = first?.category.label ?? categories.find((c) => c.id === search?.category)?.label;
  const kind = categoryLabel ? vendorsOfKind(categoryLabel) : 'vendors';
  const counted = (n: number) => (categoryLabel ? vendorsOfKind(categoryLabel, n) : `${n.toLocaleString('en-US')} vendor${n === 1 ? '' : 's'}`);

  // `/vendors?category=<id>` (the server page's category links) starts the search with that kind of vendor chosen.
  const askedCategory = searchParams.get('category');
  useEffect(() => {
    const category = search?.category ?? (categories.some((c) => c.id === askedCategory) ? askedCategory : undefined);
    form.setFieldsValue({ category: category ?? undefined, place: search?.place, sort });
  }, [form, search, sort, askedCategory, categories]);
  // The gazetteer's own spelling ("Winston-Salem, NC") once the server has found the place.
  useEffect(() => {
    if (first?.place) form.setFieldValue('place', first.place);
  }, [form, first?.place]);
  useEffect(() => {
    if (invalid && invalid.errors.length > 0) form.setFields(invalid.errors.map((e) => ({ name: e.path as 'place', errors: [e.message] })));
  }, [form, invalid]);

  useDocumentMeta(
    search && first
      ? {
          title: `${capitalized(kind)} in ${first.place}`,
          description: `${counted(first.total)} serving ${first.place}: compare ratings, response times and prices, then request quotes for free.`,
        }
      : null,
  );

  const go = (values: SearchValues) => {
    if (!values.category || !values.place) return;
    const path = generatePath(table.byName('vendors-search')?.path ?? '/vendors/:category/:place', {
      category: values.category,
      place: placeSlug(values.place),
    });
    void navigate(values.sort === 'rating' ? path : `${path}?sort=${values.sort}`);
  };

  const heading = search && first ? `${capitalized(kind)} serving ${first.place}` : 'Find wedding and event vendors';
  const failure = results.isError && !invalid ? loadFailure('The vendors', results) : null;

  return (
    <PublicPageFrame>
      <Typography.Title level={1} className="public-page__title">
        {heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="public-page__lead">
        Choose what you need and where your event is. Compare vendors, then ask for quotes for free.
      </Typography.Paragraph>

      <Form<SearchValues>
        form={form}
        name="vendor-search"
        layout="vertical"
        className="directory-search"
        initialValues={{ sort }}
        onFinish={go}
        onValuesChange={(changed: Partial<SearchValues>, all) => {
          if (changed.sort && search && all.category && all.place) go(all);
        }}
        requiredMark={false}
      >
        <Form.Item label="What do you need?" name="category" rules={[{ required: true, message: 'Choose what you are looking for' }]}>
          <Select
            placeholder="Choose a kind of vendor"
            options={categories.map((category) => ({ value: category.id, label: category.label }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          label="Where is your event?"
          name="place"
          rules={[
            { required: true, message: 'Enter a city like "Austin, TX" or a ZIP code' },
            { pattern: PLACE_PATTERN, message: PLACE_MESSAGE },
          ]}
        >
          <Input placeholder="Austin, TX or 78701" autoComplete="off" spellCheck={false} maxLength={120} />
        </Form.Item>
        <Form.Item label="Sort by" name="sort">
          <Select options={DIRECTORY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))} />
        </Form.Item>
        <Form.Item label={<span aria-hidden="true">&nbsp;</span>} className="directory-search__submit">
          <Button type="primary" htmlType="submit" block>
            Search
          </Button>
        </Form.Item>
      </Form>

      {invalid?.message && <Alert type="error" showIcon role="alert" title={invalid.message} className="public-page__alert" />}

      {search && !invalid && (
        <section aria-labelledby="directory-results" className="directory-results" aria-busy={results.isFetching}>
          <h2 id="directory-results" className="visually-hidden">
            Results
          </h2>
          <PageState
            failure={failure}
            loading={results.isPending}
            empty={first && first.total === 0 ? `No ${kind} serve ${first.place} yet. Try a nearby larger city or a ZIP code.` : undefined}
          >
            {first && (
              <>
                <Typography.Paragraph className="directory-results__count" aria-live="polite">
                  {`${counted(first.total)} serve${first.total === 1 ? 's' : ''} ${first.place}`}
                </Typography.Paragraph>
                <ul className="directory-results__list">
                  {vendors.map((vendor) => (
                    <li key={vendor.vendorId}>
                      <VendorCard vendor={vendor} />
                    </li>
                  ))}
                </ul>
                {results.hasNextPage && (
                  <div className="directory-results__more">
                    {/* From a later page the count shown is not how far the list has come. */}
                    {!search.cursor && <Typography.Text type="secondary">{`Showing ${vendors.length} of ${first.total}`}</Typography.Text>}
                    <Button onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
                      Load more
                    </Button>
                  </div>
                )}
              </>
            )}
          </PageState>
        </section>
      )}
    </PublicPageFrame>
  );
}
