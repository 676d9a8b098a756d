import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';

export interface ProfileValues {
  fullName: string;
  companyName: string;
  phone: string;
}

interface Props {
  open: boolean;
  initial: ProfileValues;
  saving: boolean;
  onClose: () => void;
  /** `report` shows each field's message under it, the first field focused. */
  onSubmit: (values: ProfileValues, report: ReportFieldErrors) => void;
}

/**
 * Edit Profile (docs/decisions.md "Departures": the spec's button does nothing; ours edits name, company and phone).
 */
export function EditProfileDialog({ open, initial, saving, onClose, onSubmit }: Props) {
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-profile-title"
    >
      {/* Mounted per opening, so the form starts from the saved values each time. */}
      {open && <ProfileForm initial={initial} saving={saving} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

/** The inputs' ids, in the form's order. */
const FIELD_IDS = { fullName: 'profile-full-name', companyName: 'profile-company', phone: 'profile-phone' } as const;

function ProfileForm({ initial, saving, onClose, onSubmit }: Omit<Props, 'open'>) {
  const [values, setValues] = useState(initial);
  const errors = useFieldErrors(FIELD_IDS);
  const set = (field: keyof ProfileValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    errors.clear(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values, errors.show);
  };
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            id={FIELD_IDS.fullName}
            {...errors.props('fullName')}
            label="Full Name"
            autoComplete="name"
            value={values.fullName}
            onChange={set('fullName')}
            autoFocus
          />
          <TextField
            id={FIELD_IDS.companyName}
            {...errors.props('companyName')}
            label="Company"
            autoComplete="organization"
            value={values.companyName}
            onChange={set('companyName')}
          />
          <TextField
            id={FIELD_IDS.phone}
            {...errors.props('phone')}
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </form>
  );
}
