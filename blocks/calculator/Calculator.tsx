import { useEffect, useId, useState, type FormEvent } from 'react';
import { computeResults, formatResult, readValue, SENT_FIELD, valuesFromQuery } from './compute.ts';
import type { CalculatorProps } from './schema.ts';

export interface CalculatorViewProps extends CalculatorProps {
  /** The site's language, so server and browser format numbers alike. */
  locale?: string;
  /** Values a visitor sent without JavaScript (the form's GET query). */
  query?: Record<string, string>;
}

/**
 * Server-rendered with the defaults (or the submitted values, without JavaScript), then
 * hydrated: results follow the inputs as the visitor types.
 */
export function Calculator({ heading, intro, inputs, results, note, currency = 'USD', locale = 'en', query }: CalculatorViewProps) {
  const id = useId();
  const [raw, setRaw] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(valuesFromQuery(inputs, query)).map(([name, value]) => [name, String(value)])),
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const values = Object.fromEntries(inputs.map((input) => [input.name, readValue(input, raw[input.name])]));
  const computed = computeResults(inputs, results, values);
  const set = (name: string, value: string) => setRaw((current) => ({ ...current, [name]: value }));
  const onSubmit = (event: FormEvent) => {
    if (hydrated) event.preventDefault();
  };

  return (
    <section className="calculator" aria-labelledby={`${id}h`}>
      <h2 id={`${id}h`}>{heading}</h2>
      {intro ? <p className="calculator-intro">{intro}</p> : null}
      <form method="get" className="calculator-form" onSubmit={onSubmit}>
        <input type="hidden" name={SENT_FIELD} value="1" />
        <div className="calculator-inputs">
          {inputs.map((input) => {
            const fieldId = `${id}${input.name}`;
            const helpId = input.help ? `${fieldId}-help` : undefined;
            if (input.kind === 'toggle') {
              return (
                <div className="field field-check" key={input.name}>
                  <input
                    id={fieldId}
                    type="checkbox"
                    name={input.name}
                    value="1"
                    checked={raw[input.name] === '1'}
                    aria-describedby={helpId}
                    onChange={(e) => set(input.name, e.target.checked ? '1' : '0')}
                  />
                  <label htmlFor={fieldId}>{input.label}</label>
                  {input.help ? (
                    <p id={helpId} className="field-help">
                      {input.help}
                    </p>
                  ) : null}
                </div>
              );
            }
            return (
              <div className="field" key={input.name}>
                <label htmlFor={fieldId}>{input.label}</label>
                <div className="field-row">
                  {input.kind === 'select' ? (
                    <select id={fieldId} name={input.name} value={raw[input.name]} aria-describedby={helpId} onChange={(e) => set(input.name, e.target.value)}>
                      {(input.options ?? []).map((option) => (
                        <option key={option.value} value={String(option.value)}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={fieldId}
                      type="number"
                      inputMode="decimal"
                      name={input.name}
                      min={input.min}
                      max={input.max}
                      step={input.step ?? 'any'}
                      value={raw[input.name]}
                      aria-describedby={helpId}
                      onChange={(e) => set(input.name, e.target.value)}
                    />
                  )}
                  {input.unit ? <span className="field-unit">{input.unit}</span> : null}
                </div>
                {input.help ? (
                  <p id={helpId} className="field-help">
                    {input.help}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        {hydrated ? null : (
          <button type="submit" className="button">
            Calculate
          </button>
        )}
        <dl className="calculator-results" aria-live="polite">
          {results.map((result, i) => (
            <div className="calculator-result" key={result.label}>
              <dt>{result.label}</dt>
              <dd>
                <output>{formatResult(computed[i] ?? NaN, result, locale, currency)}</output>
                {result.unit ? <span className="calculator-unit"> {result.unit}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      </form>
      {note ? <p className="calculator-note">{note}</p> : null}
    </section>
  );
}
