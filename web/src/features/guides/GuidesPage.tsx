import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { graphql } from '../../gql';
import type { GuideCategory } from '../../gql/graphql';
import { GUIDE_TABS, GuideLibrary } from './GuideLibrary';
import { useDebouncedValue } from './useDebouncedValue';

const GuidesPageQuery = graphql(/* GraphQL */ `
  query GuidesPage($search: String) {
    guides(search: $search) {
      id
      category
      ...GuideCard_guide
    }
  }
`);

/** Wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Route /guides. The API searches title and server type; one search returns every category, so the
 * tabs can show where the matches are and jump to the first tab that has any.
 */
export default function GuidesPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<GuideCategory>(GUIDE_TABS[0]);
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error, refetch } = useQuery(GuidesPageQuery, {
    variables: { search: term || undefined },
  });
  const guides = (data ?? previousData)?.guides;

  // A new search whose matches are all in other tabs opens the first tab that has some.
  const switchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !term || switchedFor.current === term) return;
    switchedFor.current = term;
    setCategory((current) => {
      if (data.guides.some((guide) => guide.category === current)) return current;
      return GUIDE_TABS.find((tab) => data.guides.some((guide) => guide.category === tab)) ?? current;
    });
  }, [data, term]);

  // The footer's FAQ link: guides render above the FAQ, so scroll again once they have loaded.
  const location = useLocation();
  const scrolledToHash = useRef(false);
  useEffect(() => {
    if (!guides || scrolledToHash.current || !location.hash) return;
    scrolledToHash.current = true;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [guides, location.hash]);

  useEffect(() => {
    if (error) console.error('Error fetching guides:', error);
  }, [error]);

  return (
    <GuideLibrary
      search={search}
      onSearchChange={setSearch}
      term={term}
      category={category}
      onCategoryChange={setCategory}
      guides={guides}
      loading={loading && !guides}
      refreshing={loading && !!guides}
      failed={!!error}
      onRetry={() => void refetch().catch(() => undefined)}
    />
  );
}
