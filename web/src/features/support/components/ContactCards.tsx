import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { telHref } from '../../../../../common/store-settings';
import { useStoreInfo } from '../../../store/useStoreInfo';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent
        sx={{
          p: { xs: 2.5, md: 3 },
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          alignItems: { xs: 'flex-start', md: 'center' },
          gap: { xs: 2, md: 1.5 },
          textAlign: { xs: 'left', md: 'center' },
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 52,
            height: 52,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(13,148,136,0.12)',
            color: 'secondary.dark',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
          <Box sx={{ mt: 0.5, color: 'text.secondary' }}>{children}</Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The three ways to reach support: a ticket, e-mail, phone (the hours and their time zone as the owner set them, by
 * default Mon-Fri 9AM-5PM UTC). No phone set: the card says to write instead.
 */
export function ContactCards() {
  const { supportEmail, supportPhone, supportHours, timeZone } = useStoreInfo();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <ContactCard icon={<ConfirmationNumberOutlinedIcon />} title="Submit a Ticket">
          <Typography variant="body2">Tell us what you need below; we reply within 24 hours.</Typography>
          <Link href="#ticket-form" sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
            Go to the form
          </Link>
        </ContactCard>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ContactCard icon={<EmailOutlinedIcon />} title="Email Support">
          <Typography variant="body2">Write to us any time.</Typography>
          <Link
            href={`mailto:${supportEmail}`}
            sx={{ display: 'inline-block', mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {supportEmail}
          </Link>
        </ContactCard>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ContactCard icon={<PhoneOutlinedIcon />} title="Phone Support">
          <Typography variant="body2">
            {supportHours} ({timeZone})
          </Typography>
          {supportPhone ? (
            <Link href={telHref(supportPhone)} sx={{ display: 'inline-block', mt: 1, fontWeight: 600 }}>
              {supportPhone}
            </Link>
          ) : (
            <Typography variant="body2" sx={{ mt: 1 }}>
              By ticket or e-mail only for now.
            </Typography>
          )}
        </ContactCard>
      </Grid>
    </Grid>
  );
}
