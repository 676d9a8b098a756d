import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getFragmentData, graphql, type FragmentType } from '../../../gql';

export const ProfileTabFragment = graphql(/* GraphQL */ `
  fragment ProfileTab_profile on Profile {
    id
    email
    fullName
    companyName
    phone
  }
`);

interface Props {
  profile: FragmentType<typeof ProfileTabFragment>;
  onEdit: () => void;
}

const NOT_SET = 'Not set';

/** One dt/dd pair; the Grid item around it is the dl's div group. */
function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          mt: 0.5,
          fontWeight: 500,
          overflowWrap: 'anywhere',
          color: value ? 'text.primary' : 'text.secondary',
        }}
      >
        {value || NOT_SET}
      </Typography>
    </>
  );
}

/** Dashboard › Profile: the account's details, read-only, with Edit Profile. */
export function ProfileTab(props: Props) {
  const profile = getFragmentData(ProfileTabFragment, props.profile);
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
        >
          <Box>
            <Typography variant="h5" component="h2">
              Profile Information
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The details we use for your orders and support tickets.
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={props.onEdit} sx={{ flexShrink: 0 }}>
            Edit Profile
          </Button>
        </Stack>
        <Grid container spacing={3} component="dl" sx={{ m: 0 }}>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ minWidth: 0 }}>
            <Field label="Email" value={profile.email} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ minWidth: 0 }}>
            <Field label="Full Name" value={profile.fullName} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ minWidth: 0 }}>
            <Field label="Company" value={profile.companyName} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ minWidth: 0 }}>
            <Field label="Phone" value={profile.phone} />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
