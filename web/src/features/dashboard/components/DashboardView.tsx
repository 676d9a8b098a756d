import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DashboardStats, type DashboardCounts } from './DashboardStats';

export const DASHBOARD_TABS = [
  { value: 'certificates', label: 'Certificates' },
  { value: 'keys', label: 'Keys & downloads' },
  { value: 'orders', label: 'Orders' },
  { value: 'support', label: 'Support' },
  { value: 'profile', label: 'Profile' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

interface Props {
  name: string;
  counts: DashboardCounts;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  onSignOut: () => void;
  /** The open tab's content. */
  children: ReactNode;
}

/** The dashboard's frame: welcome, Sign Out, counters and the tab bar around the open tab. */
export function DashboardView({ name, counts, tab, onTabChange, onSignOut, children }: Props) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: { xs: 3, md: 4 } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: '1.6rem', sm: '2rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
          >
            Welcome back, {name}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Your certificates, orders and support tickets in one place.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<LogoutIcon />}
          onClick={onSignOut}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Sign Out
        </Button>
      </Stack>
      <DashboardStats counts={counts} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: { xs: 3, md: 5 }, mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: DashboardTab) => onTabChange(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Dashboard sections"
        >
          {DASHBOARD_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`dashboard-tab-${t.value}`}
              aria-controls="dashboard-panel"
              sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="dashboard-panel" aria-labelledby={`dashboard-tab-${tab}`}>
        {children}
      </Box>
    </Container>
  );
}
