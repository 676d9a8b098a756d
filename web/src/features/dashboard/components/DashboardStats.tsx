import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DashboardCounts {
  activeCertificates: number;
  pendingOrders: number;
  openTickets: number;
  totalOrders: number;
}

function Stat({ label, value, icon, colour }: { label: string; value: number; icon: ReactNode; colour: string }) {
  return (
    <Card
      role="group"
      aria-label={label}
      sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', display: 'flex', alignItems: 'center', gap: 2 }}
    >
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'grid' },
          placeItems: 'center',
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: 3,
          bgcolor: `${colour}.main`,
          color: 'common.white',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 800, lineHeight: 1.2 }}>
          {value}
        </Typography>
      </Box>
    </Card>
  );
}

/** The four counters of the spec's dashboard. */
export function DashboardStats({ counts }: { counts: DashboardCounts }) {
  const stats = [
    {
      label: 'Active Certificates',
      value: counts.activeCertificates,
      icon: <VerifiedUserOutlinedIcon />,
      colour: 'success',
    },
    { label: 'Pending Orders', value: counts.pendingOrders, icon: <HourglassEmptyIcon />, colour: 'warning' },
    { label: 'Open Tickets', value: counts.openTickets, icon: <ConfirmationNumberOutlinedIcon />, colour: 'info' },
    { label: 'Total Orders', value: counts.totalOrders, icon: <ReceiptLongOutlinedIcon />, colour: 'primary' },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Summary">
      {stats.map((stat) => (
        <Grid key={stat.label} size={{ xs: 6, md: 3 }}>
          <Stat {...stat} />
        </Grid>
      ))}
    </Grid>
  );
}
