import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PRODUCT_CATEGORY_LABELS } from '../../../../common/labels';
import { PRODUCT_CATEGORIES } from '../../../../common/validation';
import {
  CATALOGUE_SORTS,
  filterSearch,
  type CatalogueFilter,
  type CatalogueSort,
} from '../../../../common/catalogue-filter';

export const FILTER_TEXTS = {
  label: 'Filter products',
  categories: 'Categories',
  all: 'All products',
  search: 'Search products',
  searchButton: 'Search',
  sort: 'Sort by',
} as const;

const PATH = '/products';

/**
 * Category links, a search box and the sort on /products. A plain GET form of links and fields: it works before the
 * scripts have loaded (the server renders the result), and once they have, it moves within the app.
 */
export function CatalogueFilters({ filter }: { filter: CatalogueFilter }) {
  const navigate = useNavigate();
  const go = (next: CatalogueFilter) => navigate(`${PATH}${filterSearch(next)}`);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    go({ ...filter, q: String(data.get('q') ?? '').trim() });
  };
  return (
    <Box component="section" aria-label={FILTER_TEXTS.label} sx={{ mb: 3 }}>
      <Box component="nav" aria-label={FILTER_TEXTS.categories} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {[null, ...PRODUCT_CATEGORIES].map((category) => {
          const selected = filter.category === category;
          return (
            <Chip
              key={category ?? 'all'}
              component={RouterLink}
              to={`${PATH}${filterSearch({ ...filter, category })}`}
              clickable
              label={category ? PRODUCT_CATEGORY_LABELS[category] : FILTER_TEXTS.all}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-current={selected ? 'page' : undefined}
              sx={{ flexShrink: 0, fontWeight: 600, bgcolor: selected ? undefined : 'background.paper' }}
            />
          );
        })}
      </Box>
      <Stack
        component="form"
        role="search"
        method="get"
        action={PATH}
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
      >
        {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
        <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            key={filter.q}
            id="catalogue-search"
            name="q"
            type="search"
            label={FILTER_TEXTS.search}
            defaultValue={filter.q}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
            sx={{ bgcolor: 'background.paper' }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />} sx={{ flexShrink: 0 }}>
            {FILTER_TEXTS.searchButton}
          </Button>
        </Stack>
        <TextField
          id="catalogue-sort"
          name="sort"
          select
          label={FILTER_TEXTS.sort}
          value={filter.sort}
          onChange={(event) => go({ ...filter, sort: event.target.value as CatalogueSort })}
          size="small"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0, bgcolor: 'background.paper' }}
        >
          {Object.entries(CATALOGUE_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
      </Stack>
    </Box>
  );
}
