// An optional group of text fields written as one front-matter object (the CTA card, the
// announcement bar): left empty it is not written at all; once any part is filled, every required
// part must pass its rule. Keystatic's own object field cannot be optional, and its conditional
// field would change the shape of the front-matter the site reads.
import { fields } from '@keystatic/core';
import type { BasicFormField, FormFieldInputProps, FormFieldStoredValue } from '@keystatic/core';

export interface CardPart {
  label: string;
  description?: string;
  /** Minimum length when the card is used; 0 for a part that may stay empty. */
  min: number;
  pattern?: { regex: RegExp; message: string };
}

type CardValue = Record<string, string>;
type TextField = ReturnType<typeof fields.text>;

/** Runs a text field's own rule (length, pattern), which throws Keystatic's field error with its message. */
const checkText = (field: TextField, value: string) => (field.validate as (value: string) => string)(value);

export function optionalCard(options: {
  label: string;
  description: string;
  parts: Record<string, CardPart>;
}): BasicFormField<CardValue> & { partKeys: string[] } {
  const keys = Object.keys(options.parts);
  // Each part is checked by a text field with its rule, and edited in one without (so an unused
  // card shows no required marks and no errors).
  const partRules = Object.fromEntries(
    keys.map((key) => {
      const part = options.parts[key]!;
      return [
        key,
        fields.text({ label: part.label, validation: { length: { min: part.min }, pattern: part.pattern } }),
      ];
    }),
  );
  const partBoxes = Object.fromEntries(
    keys.map((key) => {
      const part = options.parts[key]!;
      return [key, fields.text({ label: part.label, description: part.description })];
    }),
  );
  const empty = (): CardValue => Object.fromEntries(keys.map((key) => [key, '']));
  const isEmpty = (value: CardValue) => keys.every((key) => !value[key]);

  function Input(props: FormFieldInputProps<CardValue>) {
    const { value, autoFocus, forceValidation } = props;
    const problem = forceValidation ? problemWith(value) : undefined;
    return (
      <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '0.75rem' }}>
        <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{options.label}</legend>
        <p style={{ margin: 0, opacity: 0.75, fontSize: '0.875rem' }}>{options.description}</p>
        {keys.map((key, i) => {
          const box = partBoxes[key]!;
          return (
            <box.Input
              key={key}
              value={value[key] ?? ''}
              onChange={(next: string) => props.onChange({ ...value, [key]: next })}
              autoFocus={autoFocus && i === 0}
              forceValidation={false}
            />
          );
        })}
        {problem && (
          <p role="alert" style={{ margin: 0, color: '#b42318', fontSize: '0.875rem' }}>
            {problem}
          </p>
        )}
      </fieldset>
    );
  }

  function parse(stored: FormFieldStoredValue): CardValue {
    if (stored === undefined || stored === null) return empty();
    if (typeof stored !== 'object' || Array.isArray(stored))
      throw new TypeError(`${options.label} must be a group of fields`);
    const record = stored as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !keys.includes(key));
    if (unknown.length) throw new TypeError(`${options.label} has unknown fields: ${unknown.join(', ')}`);
    return Object.fromEntries(keys.map((key) => [key, typeof record[key] === 'string' ? record[key] : '']));
  }

  function validate(value: CardValue): CardValue {
    if (isEmpty(value)) return value;
    for (const key of keys) {
      const part = options.parts[key]!;
      if (part.min === 0 && !value[key]) continue;
      checkText(partRules[key]!, value[key] ?? '');
    }
    return value;
  }

  function problemWith(value: CardValue): string | undefined {
    try {
      validate(value);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  return {
    kind: 'form',
    label: options.label,
    partKeys: keys,
    Input,
    defaultValue: empty,
    parse,
    validate,
    serialize(value) {
      if (isEmpty(value)) return { value: undefined };
      const written: Record<string, string> = {};
      for (const key of keys) if (value[key]) written[key] = value[key];
      return { value: written };
    },
    reader: { parse: (stored) => validate(parse(stored)) },
  };
}
