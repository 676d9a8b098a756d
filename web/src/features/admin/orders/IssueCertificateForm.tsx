import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/field-errors';
import type { ReportFieldErrors } from '../../../components/validation-toast';

export interface IssueCertificateValues {
  domainName: string;
  /** yyyy-mm-dd, as a date input gives it */
  issuedAt: string;
  expiresAt: string;
  autoRenew: boolean;
  certificateFile: File | null;
  chainFile: File | null;
}

/** Accepted certificate files: PEM text, usually named .pem, .crt or .cer. */
const PEM_ACCEPT = '.pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Today and one year on: the usual validity of a DV certificate. */
function defaultCertificateValues(domainName: string | null): IssueCertificateValues {
  const today = new Date();
  const nextYear = new Date(today);
  nextYear.setUTCFullYear(today.getUTCFullYear() + 1);
  return {
    domainName: domainName ?? '',
    issuedAt: isoDay(today),
    expiresAt: isoDay(nextYear),
    autoRenew: false,
    certificateFile: null,
    chainFile: null,
  };
}

interface IssueCertificateFormProps {
  defaultDomain: string | null;
  submitting: boolean;
  /** Resolves true when the certificate was issued (the form then starts over). */
  onSubmit: (values: IssueCertificateValues, report: ReportFieldErrors) => Promise<boolean>;
}

/** The inputs' ids, in the form's order (the first one with a message is focused). */
const FIELD_IDS = {
  domainName: 'certificate-domain',
  issuedAt: 'certificate-issued-at',
  expiresAt: 'certificate-expires-at',
} as const;

/** Records a certificate for the order's customer: domain, dates, auto-renew and the PEM files. */
export function IssueCertificateForm({ defaultDomain, submitting, onSubmit }: IssueCertificateFormProps) {
  const [values, setValues] = useState(() => defaultCertificateValues(defaultDomain));
  const errors = useFieldErrors(FIELD_IDS);
  const set = <K extends keyof IssueCertificateValues>(key: K, value: IssueCertificateValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in FIELD_IDS) errors.clear(key as keyof typeof FIELD_IDS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(values, errors.show)) setValues(defaultCertificateValues(defaultDomain));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Issue certificate">
      <Stack spacing={2}>
        <TextField
          id={FIELD_IDS.domainName}
          {...errors.props('domainName')}
          label="Domain"
          value={values.domainName}
          onChange={(e) => set('domainName', e.target.value)}
          placeholder="example.com or *.example.com"
          required
          size="small"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            id={FIELD_IDS.issuedAt}
            {...errors.props('issuedAt')}
            label="Issued on"
            type="date"
            value={values.issuedAt}
            onChange={(e) => set('issuedAt', e.target.value)}
            required
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id={FIELD_IDS.expiresAt}
            {...errors.props('expiresAt')}
            label="Expires on"
            type="date"
            value={values.expiresAt}
            onChange={(e) => set('expiresAt', e.target.value)}
            required
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <FormControlLabel
          control={<Switch checked={values.autoRenew} onChange={(e) => set('autoRenew', e.target.checked)} />}
          label="Auto-renew"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FilePicker
            label="Certificate file"
            file={values.certificateFile}
            onChange={(file) => set('certificateFile', file)}
          />
          <FilePicker label="Chain file" file={values.chainFile} onChange={(file) => set('chainFile', file)} />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" color="secondary" disabled={submitting}>
            {submitting ? 'Issuing...' : 'Issue certificate'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** One PEM file: a button opens the file chooser; the chosen file's name shows with a way to remove it. */
function FilePicker({
  label,
  file,
  onChange,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const nameId = useId();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          (.pem / .crt, optional)
        </Box>
      </Typography>
      <input
        ref={input}
        type="file"
        accept={PEM_ACCEPT}
        hidden
        tabIndex={-1}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileOutlinedIcon aria-hidden />}
          onClick={() => input.current?.click()}
          aria-describedby={nameId}
          sx={{ flexShrink: 0 }}
        >
          Choose {label.toLowerCase()}
        </Button>
        <Typography id={nameId} variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
        {file ? (
          <IconButton size="small" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
    </Box>
  );
}
