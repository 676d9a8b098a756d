import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The card of the pages an e-mailed link opens (reset, verify, e-mail change), shaped like /auth's. */
export function AccountLinkCard({ title, intro, children }: Props) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ maxWidth: 480, mx: 'auto' }}>
        <Link
          component={RouterLink}
          to="/auth"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 3, fontWeight: 600 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden />
          Back to sign in
        </Link>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h3" component="h1" sx={{ mb: intro ? 1 : 3 }}>
              {title}
            </Typography>
            {intro && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {intro}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Container>
  );
}
