import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const FAQ: { question: string; answer: ReactNode }[] = [
  {
    question: 'What is an SSL certificate?',
    answer: (
      <>
        An SSL certificate (today technically a TLS certificate) is a small data file, signed by a certificate
        authority, that binds your domain name to a public key. When a browser opens your site over HTTPS, the server
        presents the certificate; the browser checks that a trusted authority signed it, that it has not expired and
        that it matches the domain, and then sets up an encrypted connection. Passwords, payment details and other data
        stay private in transit, and visitors see the padlock instead of a &quot;Not secure&quot; warning.
      </>
    ),
  },
  {
    question: 'How do I verify my SSL installation?',
    answer: (
      <>
        Open https://your-domain in a browser and click the padlock to view the certificate: check the domain name, the
        issuer and the expiry date. From a terminal,{' '}
        <code>openssl s_client -connect example.com:443 -servername example.com</code> shows the certificate chain the
        server actually sends, so you can confirm the intermediate certificates are included. An online checker such as
        the Qualys SSL Labs Server Test also grades the configuration and flags a missing intermediate, an expired
        certificate or outdated protocols.
      </>
    ),
  },
  {
    question: 'What is the difference between DV, OV and EV?',
    answer: (
      <>
        All three encrypt traffic equally well; they differ in how much the certificate authority checks about who you
        are. Domain Validation (DV) only proves you control the domain, by e-mail, a DNS record or a file on your web
        server, and is issued within minutes. Organization Validation (OV) also verifies that your organisation is a
        real, registered business and puts its name in the certificate, which usually takes 1-3 working days. Extended
        Validation (EV) adds the strictest vetting of your legal, physical and operational existence and lists your
        verified company details in the certificate; it suits shops, banks and other high-trust sites.
      </>
    ),
  },
];

/** The three FAQ cards (docs/product.md "Guides"). The footer's FAQ link targets this section's id. */
export function GuideFaq() {
  return (
    <Container
      component="section"
      id="faq"
      aria-labelledby="faq-heading"
      maxWidth="lg"
      sx={{ py: { xs: 6, md: 8 }, scrollMarginTop: { xs: 72, md: 80 } }}
    >
      <Typography id="faq-heading" variant="h2" sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}>
        Frequently Asked Questions
      </Typography>
      <Grid container spacing={3}>
        {FAQ.map((item) => (
          <Grid key={item.question} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%', p: { xs: 2.5, md: 3 } }}>
              <Typography component="h3" variant="h5">
                {item.question}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  mt: 1.5,
                  lineHeight: 1.7,
                  fontSize: { md: '0.95rem' },
                  '& code': { fontSize: '0.9em', overflowWrap: 'anywhere' },
                }}
              >
                {item.answer}
              </Typography>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
