import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** docs/product.md "Support": 'How Can We Help?', answered within 24 hours. */
export function SupportHero() {
  return (
    <Box
      component="section"
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        py: { xs: 6, md: 9 },
        backgroundImage: 'radial-gradient(circle at 85% 20%, rgba(20,184,166,0.25), transparent 45%)',
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <SupportAgentOutlinedIcon sx={{ fontSize: 48, color: 'secondary.light' }} aria-hidden />
        <Typography variant="h1" sx={{ mt: 1 }}>
          How Can We Help?
        </Typography>
        <Typography sx={{ mt: 2, fontSize: { xs: '1rem', md: '1.15rem' }, color: 'rgba(255,255,255,0.85)' }}>
          Our support team is here for you. We respond to every ticket within 24 hours.
        </Typography>
      </Container>
    </Box>
  );
}
