import AutorenewIcon from '@mui/icons-material/Autorenew';
import DownloadIcon from '@mui/icons-material/Download';
import SyncDisabledIcon from '@mui/icons-material/SyncDisabled';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../format/date';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';
import { Detail } from './Detail';
import { EmptyState } from './EmptyState';
import { CertificateStatusChip } from './StatusChip';

export const CertificatesTabFragment = graphql(/* GraphQL */ `
  fragment CertificatesTab_certificate on Certificate {
    id
    domainName
    productName
    status
    issuedAt
    expiresAt
    autoRenew
    certificateFileUrl
    chainFileUrl
  }
`);

interface Props {
  certificates: readonly FragmentType<typeof CertificatesTabFragment>[];
}

/** Dashboard › Certificates: one card per certificate with its dates and downloads. */
export function CertificatesTab(props: Props) {
  const certificates = getFragmentData(CertificatesTabFragment, props.certificates);
  if (certificates.length === 0) {
    return (
      <EmptyState
        icon={<VerifiedUserOutlinedIcon />}
        title="No certificates yet"
        text="Certificates appear here once an order has been confirmed."
        actionLabel="Browse Products"
        actionTo="/products"
      />
    );
  }
  return (
    <Stack spacing={2} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {certificates.map((certificate) => (
        <Card component="li" key={certificate.id}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {certificate.domainName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {certificate.productName ?? 'SSL Certificate'}
                </Typography>
              </Box>
              <CertificateStatusChip status={certificate.status} />
            </Stack>
            <Grid container spacing={2} sx={{ mt: 1.5 }}>
              <Grid size={{ xs: 6, sm: 4 }}>
                <Detail label="Issued">{formatDate(certificate.issuedAt) || '—'}</Detail>
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <Detail label="Expires">{formatDate(certificate.expiresAt) || '—'}</Detail>
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Stack
                  direction="row"
                  spacing={0.75}
                  sx={{
                    alignItems: 'center',
                    height: '100%',
                    color: certificate.autoRenew ? 'success.main' : 'text.secondary',
                  }}
                >
                  {certificate.autoRenew ? (
                    <AutorenewIcon fontSize="small" aria-hidden />
                  ) : (
                    <SyncDisabledIcon fontSize="small" aria-hidden />
                  )}
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {certificate.autoRenew ? 'Auto-renew on' : 'Auto-renew off'}
                  </Typography>
                </Stack>
              </Grid>
            </Grid>
            {(certificate.certificateFileUrl || certificate.chainFileUrl) && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2.5 }}>
                {certificate.certificateFileUrl && (
                  <Button
                    component="a"
                    href={certificate.certificateFileUrl}
                    download
                    variant="contained"
                    startIcon={<DownloadIcon />}
                    aria-label={`Download Certificate for ${certificate.domainName}`}
                  >
                    Download Certificate
                  </Button>
                )}
                {certificate.chainFileUrl && (
                  <Button
                    component="a"
                    href={certificate.chainFileUrl}
                    download
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    aria-label={`Download Chain for ${certificate.domainName}`}
                  >
                    Download Chain
                  </Button>
                )}
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
