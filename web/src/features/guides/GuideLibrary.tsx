import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GUIDE_CATEGORY_LABELS } from '../../../../common/labels';
import { LIMITS } from '../../../../common/validation';
import { ErrorState, LoadingState, RetryButton } from '../../components/PageState';
import type { FragmentType } from '../../gql';
import type { GuideCategory } from '../../gql/graphql';
import { GuideCard, type GuideCardFragment } from './GuideCard';
import { GuideFaq } from './GuideFaq';

/** Tab order (docs/product.md "Guides"): Hosting Panels, Web Servers, Other. */
export const GUIDE_TABS: GuideCategory[] = ['HOSTING_PANEL', 'WEB_SERVER', 'OTHER'];

type Guide = { id: string; category: GuideCategory } & FragmentType<typeof GuideCardFragment>;

export interface GuideLibraryProps {
  search: string;
  onSearchChange: (value: string) => void;
  /** The search the shown guides answer (debounced, trimmed). */
  term: string;
  category: GuideCategory;
  onCategoryChange: (category: GuideCategory) => void;
  guides: Guide[] | undefined;
  loading: boolean;
  refreshing: boolean;
  failed: boolean;
  onRetry: () => void;
}

function EmptyGuides({ term, category, total }: { term: string; category: GuideCategory; total: number }) {
  const label = GUIDE_CATEGORY_LABELS[category];
  let title = `No ${label} guides yet`;
  let hint = 'Please check another category or contact support for help.';
  if (term && total === 0) {
    title = `No guides match "${term}"`;
    hint = 'Try another title or server type, such as nginx, Apache or cPanel.';
  } else if (term) {
    title = `No guides match "${term}" in ${label}`;
    hint = 'The other tabs have guides that match.';
  }
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
    </Box>
  );
}

/** The /guides page: search, category tabs, guide cards and the FAQ. */
export function GuideLibrary(props: GuideLibraryProps) {
  const { search, onSearchChange, term, category, onCategoryChange, guides, loading, refreshing, failed, onRetry } =
    props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shown = guides?.filter((guide) => guide.category === category) ?? [];
  const count = (tab: GuideCategory) => guides?.filter((guide) => guide.category === tab).length;

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}>
        <Container maxWidth="md" sx={{ textAlign: { md: 'center' } }}>
          <Typography variant="h1">SSL Installation Guides</Typography>
          <Typography sx={{ mt: 1.5, opacity: 0.85, fontSize: { md: '1.1rem' } }}>
            Step-by-step instructions for installing your certificate on popular hosting panels and web servers.
          </Typography>
          <TextField
            label="Search guides"
            placeholder="Search by title or server type..."
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            variant="filled"
            slotProps={{
              htmlInput: { maxLength: LIMITS.guideSearch, type: 'search' },
              input: {
                disableUnderline: true,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
            sx={{
              mt: 4,
              maxWidth: 640,
              '& .MuiFilledInput-root': {
                bgcolor: 'background.paper',
                borderRadius: 3,
                '&:hover, &.Mui-focused': { bgcolor: 'background.paper' },
              },
            }}
          />
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 } }}>
        <Tabs
          value={category}
          onChange={(_event, value: GuideCategory) => onCategoryChange(value)}
          variant={phone ? 'fullWidth' : 'standard'}
          aria-label="Guide categories"
          sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: { xs: 1, sm: 2 } } }}
        >
          {GUIDE_TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              id={`guides-tab-${tab}`}
              aria-controls="guides-panel"
              label={
                count(tab) === undefined ? GUIDE_CATEGORY_LABELS[tab] : `${GUIDE_CATEGORY_LABELS[tab]} (${count(tab)})`
              }
            />
          ))}
        </Tabs>
        <Box sx={{ height: 4 }}>{refreshing && <LinearProgress color="secondary" aria-label="Searching guides" />}</Box>
        <Box
          role="tabpanel"
          id="guides-panel"
          aria-labelledby={`guides-tab-${category}`}
          aria-busy={loading || refreshing}
          sx={{ pt: 3, opacity: refreshing ? 0.6 : 1, transition: 'opacity .15s' }}
        >
          {loading ? (
            <LoadingState label="Loading guides..." />
          ) : failed ? (
            <ErrorState
              message="We couldn't load the installation guides right now. Please try again."
              action={<RetryButton onRetry={onRetry} />}
            />
          ) : shown.length === 0 ? (
            <EmptyGuides term={term} category={category} total={guides?.length ?? 0} />
          ) : (
            <Grid container spacing={3}>
              {shown.map((guide) => (
                <Grid key={guide.id} size={{ xs: 12, md: 6 }}>
                  <GuideCard guide={guide} />
                </Grid>
              ))}
            </Grid>
          )}
        </Box>
      </Container>

      <GuideFaq />
    </>
  );
}
