import { useMutation } from '@apollo/client/react';
import { issueCertificateSchema } from '../../../../../common/validation';
import { useToast } from '../../../components/toast';
import { serverFieldMessages } from '../../../components/field-errors';
import { VALIDATION_ERROR_TITLE, parseOrToast, type ReportFieldErrors } from '../../../components/validation-toast';
import { graphql } from '../../../gql/admin';
import { failureToast } from '../admin-toasts';
import { ADMIN_TEXTS } from '../adminTexts';
import type { IssueCertificateValues } from './IssueCertificateForm';

const IssueCertificateMutation = graphql(/* GraphQL */ `
  mutation AdminIssueCertificate($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {
    issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) {
      id
      domainName
    }
  }
`);

/** A date input's yyyy-mm-dd as midnight UTC; an Invalid Date when empty. */
function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * Issues a certificate for an order (multipart: the PEM files travel as Upload variables). Validates
 * with the server's rules first ('Validation Error' with the first message); a refusal shows the
 * server's message. Resolves true when issued.
 */
export function useIssueCertificate(orderId: string, onIssued: () => void) {
  const toast = useToast();
  const [mutate, { loading }] = useMutation(IssueCertificateMutation);

  const issue = async (values: IssueCertificateValues, report?: ReportFieldErrors): Promise<boolean> => {
    const issuedAt = dayToDate(values.issuedAt);
    const expiresAt = dayToDate(values.expiresAt);
    if (Number.isNaN(issuedAt.getTime()) || Number.isNaN(expiresAt.getTime())) {
      report?.({
        ...(Number.isNaN(issuedAt.getTime()) ? { issuedAt: ADMIN_TEXTS.certificateDatesRequired } : {}),
        ...(Number.isNaN(expiresAt.getTime()) ? { expiresAt: ADMIN_TEXTS.certificateDatesRequired } : {}),
      });
      toast({ title: VALIDATION_ERROR_TITLE, description: ADMIN_TEXTS.certificateDatesRequired, severity: 'error' });
      return false;
    }
    const parsed = parseOrToast(
      issueCertificateSchema,
      { domainName: values.domainName, issuedAt, expiresAt },
      toast,
      report,
    );
    if (!parsed) return false;
    try {
      const { data } = await mutate({
        variables: {
          input: {
            orderId,
            domainName: parsed.domainName,
            issuedAt: issuedAt.toISOString(),
            expiresAt: expiresAt.toISOString(),
            autoRenew: values.autoRenew,
          },
          certificateFile: values.certificateFile,
          chainFile: values.chainFile,
        },
      });
      toast({
        title: ADMIN_TEXTS.certificateIssued,
        description: `The certificate for ${data?.issueCertificate.domainName ?? parsed.domainName} is now in the customer's dashboard.`,
        severity: 'success',
      });
      onIssued();
      return true;
    } catch (error) {
      report?.(serverFieldMessages(error));
      toast(failureToast(ADMIN_TEXTS.certificateIssueFailed, error));
      return false;
    }
  };

  return { issue, loading };
}
