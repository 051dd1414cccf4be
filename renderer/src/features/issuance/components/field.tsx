/**
 * A form field whose error and warning come from the shared rule book (checkForm), not from antd rules:
 * one source of truth for the form and main. Issues show once the field was touched, and on every field
 * after a first attempt to submit.
 */
import type { ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';
import { usePathIssues } from '../check-store.js';
import { toNamePath } from '../draft.js';
import { useIssuanceStore } from '../store.js';

/** antd status and help for a path, or nothing while the clerk has not reached the field yet. */
export function useFieldStatus(path: string): Pick<FormItemProps, 'validateStatus' | 'help'> {
  const issues = usePathIssues(path);
  const form = Form.useFormInstance();
  const attempted = useIssuanceStore((s) => s.attempted);
  // Its own value followed too: the first keystroke touches the field, and its message shows from then on even
  // when the message itself did not change (the form around does not render again for a keystroke).
  Form.useWatch(toNamePath(path), { form, preserve: true });
  const shown = attempted || form.isFieldTouched(toNamePath(path));
  if (!shown) return {};
  const [error] = issues.errors;
  if (error !== undefined) return { validateStatus: 'error', help: <span data-testid={`error-${path}`}>{error}</span> };
  const [warning] = issues.warnings;
  if (warning !== undefined) return { validateStatus: 'warning', help: <span data-testid={`warning-${path}`}>{warning}</span> };
  return {};
}

interface FieldProps extends Omit<FormItemProps, 'name' | 'validateStatus' | 'help'> {
  /** The draft path, e.g. `lines.2.quantity`; also the field's name. */
  path: string;
  children: ReactNode;
}

export function Field({ path, children, ...rest }: FieldProps) {
  const status = useFieldStatus(path);
  return (
    <Form.Item name={toNamePath(path)} {...status} {...rest}>
      {children}
    </Form.Item>
  );
}
