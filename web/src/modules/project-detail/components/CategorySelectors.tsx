import type { ProcessedResult } from '../result-shape';

type Categories = ProcessedResult['content']['categories'];

function CategorySelect({
  label,
  value,
  options,
  invalid,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly string[];
  invalid: boolean;
  onChange(v: string | null): void;
}) {
  // A value the list does not hold (an older result) stays visible rather than silently changing.
  const extra = value && !options.includes(value) ? [value] : [];
  return (
    <label>
      {label}
      <select value={value ?? ''} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">— Select a category —</option>
        {[...extra, ...options].map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface CategoryOptions {
  adobe: readonly string[];
  shutterstock: readonly string[];
}

/** SPEC §2: one Adobe selector and two Shutterstock selectors (A and B), with SPEC §3's options (the server's `categoryOptions`). */
export function CategorySelectors({
  categories,
  options,
  invalidField,
  onChange,
}: {
  categories: Categories;
  options: CategoryOptions;
  /** The field a refused save named (adobeCategory, shutterstockACategory, shutterstockBCategory), marked invalid. */
  invalidField: string | null;
  onChange(next: Categories): void;
}) {
  return (
    <fieldset className="pd-fieldset pd-categories">
      <legend>Categories</legend>
      <CategorySelect
        label="Adobe Stock"
        value={categories.adobe_category}
        options={options.adobe}
        invalid={invalidField === 'adobeCategory'}
        onChange={(v) => onChange({ ...categories, adobe_category: v })}
      />
      <CategorySelect
        label="Shutterstock A"
        value={categories.shutterstock_a_category}
        options={options.shutterstock}
        invalid={invalidField === 'shutterstockACategory'}
        onChange={(v) => onChange({ ...categories, shutterstock_a_category: v })}
      />
      <CategorySelect
        label="Shutterstock B"
        value={categories.shutterstock_b_category}
        options={options.shutterstock}
        invalid={invalidField === 'shutterstockBCategory'}
        onChange={(v) => onChange({ ...categories, shutterstock_b_category: v })}
      />
    </fieldset>
  );
}
