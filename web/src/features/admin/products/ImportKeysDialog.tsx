import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { LIMITS } from '../../../../../common/validation';
import { MONOSPACE_FONT } from '../../../theme/theme';
import { ADMIN_TEXTS } from '../adminTexts';
import { KeyCounts } from './KeyCounts';
import {
  dialogErrors,
  useImportProductKeys,
  usePreviewProductKeys,
  type KeyImportPreview,
  type KeyImportReport,
} from './keyInventory';
import { compactLines, INVALID_KEY_REASONS, plural } from './keyLabels';
import type { KeyedProduct } from './ProductKeysSection';
import { formatCount } from '../../../format/stock';

const KEY_FILE_ACCEPT = '.txt,.csv,text/plain,text/csv';
const MAX_MB = LIMITS.keyFileBytes / (1024 * 1024);

const MESSAGES = {
  nothing: 'Paste keys, one per line, or choose a file',
  wrongType: 'Choose a .txt or .csv file with one key per line',
  fileTooLarge: `The key file must be at most ${MAX_MB} MB: split it into several imports`,
  pasteTooLarge: `At most ${MAX_MB} MB of keys per import: split them into several imports`,
} as const;

interface ImportKeysDialogProps {
  /** The product to import into, or null when closed. */
  product: KeyedProduct | null;
  onClose: () => void;
}

/**
 * Imports licence keys into a product: pasted (one per line) or from a .txt/.csv file. Both go to the API as a file
 * (the JSON body is limited to 100 KB). First a preview, written nowhere (previewProductKeys): how many keys would be
 * added, duplicates, keys another product has or that were sold already, lines in another product's format; the admin
 * imports from there or goes back. Then the report: how many were imported, the duplicates and the invalid lines by
 * line number, and the product's keys by status after the import.
 */
export function ImportKeysDialog({ product, onClose }: ImportKeysDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { importKeys, importing } = useImportProductKeys();
  const { preview: previewKeys, previewing } = usePreviewProductKeys();
  const keysField = useRef<HTMLTextAreaElement>(null);
  const [report, setReport] = useState<KeyImportReport | null>(null);
  const [preview, setPreview] = useState<{ file: File; result: KeyImportPreview } | null>(null);
  // The product stays on screen while the dialog fades out.
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);
  const close = () => {
    if (!importing) onClose();
  };
  return (
    <Dialog
      open={!!product}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="import-keys-title"
      // The dialog focuses itself as it opens: the keys field takes the focus once it is shown.
      // The report stays while the dialog fades out; the next opening starts with the form.
      slotProps={{
        transition: {
          onEntered: () => keysField.current?.focus(),
          onExited: () => {
            setReport(null);
            setPreview(null);
          },
        },
      }}
    >
      <DialogTitle id="import-keys-title" sx={{ overflowWrap: 'anywhere' }}>
        Import keys into {shown?.name}
      </DialogTitle>
      {shown && report ? (
        <ReportStep
          report={report}
          productName={shown.name}
          onMore={() => {
            setReport(null);
            setPreview(null);
          }}
          onDone={close}
        />
      ) : null}
      {shown && !report && preview ? (
        <PreviewStep
          preview={preview.result}
          importing={importing}
          onBack={() => setPreview(null)}
          onImport={async () => setReport(await importKeys(shown.id, preview.file))}
        />
      ) : null}
      {shown && !report ? (
        // Kept mounted under the preview, so Back finds the text or file as it was.
        <Box sx={{ display: preview ? 'none' : 'contents' }}>
          <FormStep
            keysField={keysField}
            importing={previewing}
            onImport={async (file) => setPreview({ file, result: await previewKeys(shown.id, file) })}
            onCancel={close}
          />
        </Box>
      ) : null}
    </Dialog>
  );
}

type Source = 'paste' | 'file';

function FormStep({
  keysField,
  importing,
  onImport,
  onCancel,
}: {
  keysField: RefObject<HTMLTextAreaElement | null>;
  importing: boolean;
  onImport: (file: File) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ paste?: string; file?: string; form?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const fileNameId = useId();
  const fileErrorId = useId();
  const lines = useMemo(() => countKeyLines(text), [text]);
  const source: Source = file ? 'file' : 'paste';
  // Back from a report ("Import more keys"): the emptied field has the focus.
  useEffect(() => keysField.current?.focus(), [keysField]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setErrors({});
    if (chosen && !/\.(txt|csv)$/i.test(chosen.name)) setErrors({ file: MESSAGES.wrongType });
    else if (chosen && chosen.size > LIMITS.keyFileBytes) setErrors({ file: MESSAGES.fileTooLarge });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (importing) return;
    let upload: File;
    if (file) {
      if (errors.file) return;
      upload = file;
    } else {
      if (lines === 0) {
        setErrors({ paste: MESSAGES.nothing });
        return;
      }
      upload = new File([text], 'keys.txt', { type: 'text/plain' });
      if (upload.size > LIMITS.keyFileBytes) {
        setErrors({ paste: MESSAGES.pasteTooLarge });
        return;
      }
    }
    setErrors({});
    try {
      await onImport(upload);
    } catch (error) {
      const { fields, form } = dialogErrors(error, ADMIN_TEXTS.keyImportFailed);
      // Every field error of an import ('keys', 'file') is about what was given: shown under it.
      const message = fields[0]?.message;
      setErrors(form ? { form } : source === 'file' ? { file: message } : { paste: message });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="import-keys-title"
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            One key per line. Blank lines are ignored and spaces around a key trimmed. Duplicates and invalid lines are
            reported by line number and never imported. At most 100,000 keys ({MAX_MB} MB) per import.
          </Typography>
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
          <TextField
            label="Keys, one per line"
            value={text}
            inputRef={keysField}
            onChange={(e) => {
              setText(e.target.value);
              if (errors.paste) setErrors({});
            }}
            onPaste={(e) => {
              const pasted = pastedText(e);
              if (pasted === null) return;
              setText(pasted);
              if (errors.paste) setErrors({});
            }}
            disabled={!!file || importing}
            multiline
            // Fixed rows (no auto-size): a paste of 100,000 lines stays fast.
            rows={8}
            fullWidth
            error={!!errors.paste}
            helperText={
              errors.paste ??
              (file
                ? 'Remove the file to paste keys instead.'
                : lines > 0
                  ? `${plural(lines, 'line')} to import`
                  : 'Paste the keys here.')
            }
            slotProps={{
              htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off', wrap: 'off' },
            }}
            sx={{ '& textarea': { fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', resize: 'vertical' } }}
          />
          <Divider>
            <Typography variant="body2" color="text.secondary">
              or
            </Typography>
          </Divider>
          <Box>
            <input
              ref={fileInput}
              type="file"
              accept={KEY_FILE_ACCEPT}
              hidden
              tabIndex={-1}
              data-testid="key-file-input"
              onChange={(e) => {
                chooseFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlinedIcon aria-hidden />}
                onClick={() => fileInput.current?.click()}
                disabled={importing}
                aria-describedby={errors.file ? `${fileNameId} ${fileErrorId}` : fileNameId}
                sx={{ flexShrink: 0 }}
              >
                Choose a .txt or .csv file
              </Button>
              <Typography
                id={fileNameId}
                variant="body2"
                color="text.secondary"
                data-testid="key-file-name"
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {file ? `${file.name} (${formatSize(file.size)})` : 'No file chosen'}
              </Typography>
              {file ? (
                <IconButton
                  size="small"
                  aria-label="Remove the file"
                  onClick={() => chooseFile(null)}
                  disabled={importing}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : null}
            </Stack>
            {errors.file ? (
              <FormHelperText id={fileErrorId} error>
                {errors.file}
              </FormHelperText>
            ) : null}
          </Box>
          {importing ? (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 0.75, fontWeight: 600 }}>
                {file ? `Importing ${file.name}...` : `Importing ${plural(lines, 'line')}...`}
              </Typography>
              <LinearProgress color="secondary" aria-label="Importing keys" />
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={importing}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={importing}>
          {importing ? 'Checking...' : 'Preview import'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** What the import would do, before anything is written: the admin imports from here, or goes back to the keys. */
function PreviewStep({
  preview,
  importing,
  onBack,
  onImport,
}: {
  preview: KeyImportPreview;
  importing: boolean;
  onBack: () => void;
  onImport: () => Promise<void>;
}) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => summary.current?.focus(), []);
  const [failed, setFailed] = useState<string | null>(null);
  const { lines, toAdd, alreadyInStock, repeated, invalid, inOtherProducts, alreadySold, otherFormat } = preview;
  const flagged = inOtherProducts.count + alreadySold.count + otherFormat.count;
  const others = preview.otherProducts.map((p) => `${p.name} (${plural(p.lines, 'line')})`).join(', ');
  const lineList = (set: { count: number; lines: number[] }) =>
    `${set.count === 1 ? 'Line' : 'Lines'} ${compactLines(set.lines, set.count)}`;
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} data-testid="key-import-preview">
          <Alert
            ref={summary}
            tabIndex={-1}
            severity={flagged > 0 ? 'warning' : toAdd > 0 ? 'info' : 'warning'}
            sx={{ '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
          >
            <AlertTitle sx={{ mb: 0 }} data-testid="key-preview-summary">
              {toAdd > 0 ? `${plural(toAdd, 'new key')} to import` : 'No new keys to import'}
            </AlertTitle>
            {plural(lines, 'line')} read. Nothing is imported until you confirm.
          </Alert>
          {alreadySold.count > 0 ? (
            <ReportSection title={`${plural(alreadySold.count, 'key')} already sold`} testId="key-preview-sold">
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {lineList(alreadySold)}: given to an order already. A buyer may hold them: do not sell them again.
              </Typography>
            </ReportSection>
          ) : null}
          {inOtherProducts.count > 0 ? (
            <ReportSection
              title={`${plural(inOtherProducts.count, 'key')} of another product`}
              testId="key-preview-other-products"
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {lineList(inOtherProducts)}: already in the stock of another product.
              </Typography>
            </ReportSection>
          ) : null}
          {otherFormat.count > 0 ? (
            <ReportSection
              title={`${plural(otherFormat.count, 'line')} in another product's format`}
              testId="key-preview-other-format"
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {lineList(otherFormat)}: they look like another product's keys, not this one's.
              </Typography>
            </ReportSection>
          ) : null}
          {others ? (
            <Typography variant="body2" color="text.secondary" data-testid="key-preview-named-products">
              Pointing to: {others}
            </Typography>
          ) : null}
          {alreadyInStock.count + repeated.count + invalid.count > 0 ? (
            <ReportSection title="Left out when imported" testId="key-preview-left-out">
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {[
                  alreadyInStock.count > 0 ? `${plural(alreadyInStock.count, 'key')} already in this product` : null,
                  repeated.count > 0 ? `${plural(repeated.count, 'line')} repeating an earlier line` : null,
                  invalid.count > 0 ? `${plural(invalid.count, 'invalid line')}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </ReportSection>
          ) : null}
          {failed ? <Alert severity="error">{failed}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onBack} disabled={importing}>
          Back
        </Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={importing || toAdd === 0}
          onClick={() =>
            void onImport().catch((error: unknown) =>
              setFailed(dialogErrors(error, ADMIN_TEXTS.keyImportFailed).form ?? ADMIN_TEXTS.keyImportFailed),
            )
          }
        >
          {importing ? 'Importing...' : 'Import keys'}
        </Button>
      </DialogActions>
    </>
  );
}

function ReportStep({
  report,
  productName,
  onMore,
  onDone,
}: {
  report: KeyImportReport;
  productName: string;
  onMore: () => void;
  onDone: () => void;
}) {
  const summary = useRef<HTMLDivElement>(null);
  // The form (and the button that had focus) is gone: the report's summary takes the focus, and is read out.
  useEffect(() => summary.current?.focus(), []);
  const { added: imported, duplicates, alreadyInStock, repeated, invalid, stock } = report;
  const invalidByReason = groupByReason(invalid.lines);
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5} data-testid="key-import-report">
          <Alert
            ref={summary}
            tabIndex={-1}
            severity={imported > 0 ? 'success' : 'warning'}
            sx={{ '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
          >
            <AlertTitle sx={{ mb: 0 }} data-testid="key-import-summary">
              {imported > 0 ? `${plural(imported, 'key')} imported` : 'No keys imported'}
            </AlertTitle>
            {duplicates.count + invalid.count > 0
              ? `${plural(duplicates.count + invalid.count, 'line')} left out, listed below.`
              : 'Every line was imported.'}
          </Alert>

          {duplicates.count > 0 ? (
            <ReportSection title={`${plural(duplicates.count, 'duplicate')}`} testId="key-import-duplicates">
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {duplicates.count === 1 ? 'Line' : 'Lines'} {compactLines(duplicates.lines, duplicates.count)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  alreadyInStock.count > 0
                    ? `${formatCount(alreadyInStock.count)} already in stock (sold or revoked ones too)`
                    : null,
                  repeated.count > 0 ? `${formatCount(repeated.count)} repeating an earlier line of this import` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </ReportSection>
          ) : null}

          {invalid.count > 0 ? (
            <ReportSection title={plural(invalid.count, 'invalid line')} testId="key-import-invalid">
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {invalidByReason.map(([reason, lines]) => (
                  <Typography component="li" variant="body2" key={reason} sx={{ overflowWrap: 'anywhere' }}>
                    {lines.length === 1 ? 'Line' : 'Lines'} {compactLines(lines, lines.length)}:{' '}
                    {INVALID_KEY_REASONS[reason] ?? reason}
                  </Typography>
                ))}
              </Box>
              {invalid.count > invalid.lines.length ? (
                <Typography variant="body2" color="text.secondary">
                  Line numbers of the first {formatCount(invalid.lines.length)} only.
                </Typography>
              ) : null}
            </ReportSection>
          ) : null}

          <ReportSection title="Stock now" testId="key-import-stock">
            <KeyCounts stock={stock} label={`Licence keys of ${productName} after the import`} />
          </ReportSection>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onMore}>Import more keys</Button>
        <Button variant="contained" color="secondary" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

function ReportSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={testId}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Stack spacing={0.5}>{children}</Stack>
    </Box>
  );
}

/** A paste this large skips the browser's editing: inserting thousands of lines as an edit takes Chrome minutes. */
const LARGE_PASTE = 20_000;

/**
 * The text after a large paste (the selection replaced by the clipboard's text), set as the field's value instead
 * of inserted by the browser; null for a small paste, which the browser handles (with undo).
 */
function pastedText(event: ClipboardEvent<HTMLDivElement>): string | null {
  const pasted = event.clipboardData.getData('text/plain');
  const field = event.target;
  if (pasted.length < LARGE_PASTE || !(field instanceof HTMLTextAreaElement)) return null;
  event.preventDefault();
  return field.value.slice(0, field.selectionStart) + pasted + field.value.slice(field.selectionEnd);
}

/** The invalid lines listed, by reason in the order each first occurs: [reason, its line numbers]. */
function groupByReason(lines: readonly { line: number; reason: string }[]): [string, number[]][] {
  const groups = new Map<string, number[]>();
  for (const { line, reason } of lines) {
    const group = groups.get(reason);
    if (group) group.push(line);
    else groups.set(reason, [line]);
  }
  return [...groups];
}

/** Non-blank lines of a paste: what the API will read as keys (or refuse line by line). */
function countKeyLines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') count++;
  return count;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
