import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getFragmentData, graphql, type FragmentType } from '../../gql';

export const GuideCardFragment = graphql(/* GraphQL */ `
  fragment GuideCard_guide on InstallationGuide {
    id
    title
    serverType
    content
    steps
    helpfulCount
    views
  }
`);

const COUNT = new Intl.NumberFormat('en-US');

/** One installation guide: title, server type, summary, numbered steps, helpful and view counts. */
export function GuideCard(props: { guide: FragmentType<typeof GuideCardFragment> }) {
  const guide = getFragmentData(GuideCardFragment, props.guide);
  const headingId = `guide-${guide.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      data-testid="guide-card"
      sx={{ height: '100%', p: { xs: 2.5, md: 3 }, display: 'flex', flexDirection: 'column' }}
    >
      <Chip
        icon={<DnsOutlinedIcon aria-hidden />}
        label={guide.serverType}
        size="small"
        sx={{ alignSelf: 'flex-start', bgcolor: 'rgba(13,148,136,0.12)', color: 'secondary.dark' }}
      />
      <Typography id={headingId} component="h3" variant="h5" sx={{ mt: 1.5 }}>
        {guide.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, fontSize: { xs: '0.95rem', md: '1rem' } }}>
        {guide.content}
      </Typography>
      {guide.steps.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, display: 'grid', gap: 1.5 }}>
          {guide.steps.map((step, index) => (
            <Box component="li" key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Box
                sx={{
                  flexShrink: 0,
                  width: 26,
                  height: 26,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: '0.8rem',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="body2" sx={{ pt: '3px', overflowWrap: 'anywhere' }}>
                {step}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Divider sx={{ mt: 'auto', pt: 2.5 }} />
      <Stack direction="row" spacing={2.5} sx={{ pt: 1.5, color: 'text.secondary', flexWrap: 'wrap' }} useFlexGap>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <ThumbUpOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{COUNT.format(guide.helpfulCount)} found this helpful</Typography>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <VisibilityOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{COUNT.format(guide.views)} views</Typography>
        </Stack>
      </Stack>
    </Card>
  );
}
