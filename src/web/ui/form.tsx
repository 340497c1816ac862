import * as v from 'valibot';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react';
import { ApiError } from '../lib/api';

export type FieldErrors = Record<string, string>;

/** Checks a form against a valibot schema: the parsed values, or the first message per field. */
function checkForm<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { ok: true; data: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * A form's values and field errors. `field(name)` gives a <Field> its name, value, onChange and error;
 * `check(schema)` validates the values, shows or clears the errors, and gives the parsed data if valid;
 * `onSubmit(schema, send, failed)` is a form's whole submit.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const set = (name: keyof T, value: string) => setValues((current) => ({ ...current, [name]: value }));
  function check<S extends v.GenericSchema>(schema: S): v.InferOutput<S> | undefined {
    const checked = checkForm(schema, values);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? checked.data : undefined;
  }
  return {
    values,
    setValues,
    errors,
    setErrors,
    set,
    field: (name: keyof T & string) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    }),
    check,
    /** True while a submit made with `onSubmit` waits for the server. */
    pending,
    /**
     * The form's onSubmit: checks the values against `schema` and, when they are valid, `send`s the data
     * while `pending` is true, handing a failure to `failed`.
     */
    onSubmit<S extends v.GenericSchema>(schema: S, send: (data: v.InferOutput<S>) => Promise<unknown>, failed: (error: unknown) => void) {
      return async (event: FormEvent) => {
        event.preventDefault();
        const data = check(schema);
        if (!data) return;
        setPending(true);
        try {
          await send(data);
        } catch (error) {
          failed(error);
        } finally {
          setPending(false);
        }
      };
    },
  };
}

/**
 * A server 'Validation Error' mapped to a form field: the field it names in details, else the first
 * field whose name appears in the message (docs/product-rules.md#validation-and-errors).
 */
export function serverFieldError(error: unknown, fields: string[]): FieldErrors | undefined {
  if (!(error instanceof ApiError) || !error.serverMessage) return undefined;
  const named = typeof error.details?.field === 'string' ? error.details.field : undefined;
  const text = error.serverMessage.toLowerCase();
  const field = named && fields.includes(named) ? named : fields.find((f) => text.includes(f.toLowerCase()));
  return field ? { [field]: error.serverMessage } : undefined;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  /** The browser sends this field itself when the form is posted before the app has taken it over (the drawn login form). */
  posted?: boolean;
}

/**
 * A labelled input with its error message tied to it for screen readers. The input has a `name` only
 * when its form is posted by the browser (`posted`): its value lives in the form's state, and a form the
 * browser sends itself by GET (a page drawn by the build, submitted before the app has taken it over)
 * then carries nothing, never a password in an address.
 */
export function Field({ label, name, error, posted, ...input }: FieldProps) {
  const id = `field-${name}`;
  const ref = useRef<HTMLInputElement>(null);
  // Once React has taken over a drawn page, which can be as late as the visitor's first touch
  // (docs/decisions/0062-public-pages-before-the-runtime.md), its fields may already hold what the visitor
  // or the browser's autofill put there: kept on screen, but not in the form's state.
  // Only as the field is first drawn: later, every change reaches onChange.
  useEffect(() => {
    const held = String(input.value ?? '');
    if (posted && ref.current && ref.current.value !== held) announceFilled(ref.current, held);
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name={posted ? name : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Gives a field's text to its onChange as an input event: set back to the state's value through React's
 * own record of it, then to the text through the element's native setter, which React does not see, so
 * the event reads as a change.
 */
function announceFilled(field: HTMLInputElement, held: string) {
  const filled = field.value;
  field.value = held;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, filled);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
