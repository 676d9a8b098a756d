import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { signInPath } from '../../auth/redirect';
import { useSession } from '../../auth/useSession';
import { useToast } from '../../components/toast';
import type { ReportFieldErrors } from '../../components/validation-toast';
import { ContactCards } from './components/ContactCards';
import { SupportHero } from './components/SupportHero';
import { TicketForm, type TicketValues } from './components/TicketForm';
import { useCreateTicket } from './useCreateTicket';
import { useTicketOrderOptions } from './useTicketOrderOptions';

const SIGN_IN = signInPath('/support');

/** /support (docs/product.md "Support"): contact options and the ticket form; creating a ticket needs a session. */
export default function SupportPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const { createTicket, loading } = useCreateTicket();
  const orders = useTicketOrderOptions(status === 'signedIn');

  const submit = async (values: TicketValues, report: ReportFieldErrors) => {
    if (status !== 'signedIn') {
      toast({
        title: 'Authentication required',
        description: 'Please sign in to create a support ticket',
        severity: 'error',
      });
      navigate(SIGN_IN);
      return;
    }
    if (await createTicket(values, report)) navigate('/dashboard?tab=support');
  };

  return (
    <>
      <SupportHero />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
        <Stack spacing={{ xs: 4, md: 6 }}>
          <ContactCards />
          <Box sx={{ width: '100%', maxWidth: 860, alignSelf: 'center' }}>
            <TicketForm
              showSignInPrompt={status === 'signedOut'}
              signInHref={SIGN_IN}
              disabled={status !== 'signedIn' || loading}
              submitting={loading}
              onSubmit={(values, report) => void submit(values, report)}
              orders={orders}
            />
          </Box>
        </Stack>
      </Container>
    </>
  );
}
