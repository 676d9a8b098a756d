import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  actionLabel: string;
  actionTo: string;
}

/** An empty tab: what is missing and the one link that fills it. */
export function EmptyState({ icon, title, text, actionLabel, actionTo }: Props) {
  return (
    <Box
      sx={{
        py: { xs: 5, md: 7 },
        px: 2,
        textAlign: 'center',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 4,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to={actionTo} variant="contained">
        {actionLabel}
      </Button>
    </Box>
  );
}
