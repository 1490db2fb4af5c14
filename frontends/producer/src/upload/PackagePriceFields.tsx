import { Form, Input, Space } from 'antd';
import { priceText } from './checks';
import type { Prices } from './usePrices';

const PACKAGES: { key: keyof Prices; id: string; label: string }[] = [
  { key: 'firstDate', id: 'price-first', label: 'First Date Package (MP3)' },
  { key: 'relationship', id: 'price-second', label: 'Relationship Package (MP3 + WAV)' },
  { key: 'marriage', id: 'price-third', label: 'Marriage Package (MP3 + WAV + stems)' },
];

/** The packages' prices; the Marriage Package is offered only with stems. */
export function PackagePriceFields({
  prices,
  withStems,
  onPrice,
}: {
  prices: Prices;
  withStems: boolean;
  onPrice(key: keyof Prices, value: string): void;
}) {
  return (
    <Space wrap size="large">
      {PACKAGES.filter(({ key }) => withStems || key !== 'marriage').map(({ key, id, label }) => (
        <Form.Item key={key} label={label} htmlFor={id} required {...priceHelp(prices[key])}>
          <PriceInput id={id} value={prices[key]} onChange={(value) => onPrice(key, value)} />
        </Form.Item>
      ))}
    </Space>
  );
}

/** A typed price's message under its field (nothing while it is empty: Next says it is required). */
export function priceHelp(typed: string) {
  const checked = typed.trim() === '' ? null : priceText(typed);
  return checked && 'error' in checked ? { validateStatus: 'error' as const, help: checked.error } : {};
}

/** A price in dollars, as text: what is typed is kept and checked, never rounded or clamped. */
export function PriceInput(props: { id: string; value: string; onChange(value: string): void }) {
  return (
    <Input
      id={props.id}
      prefix="$"
      inputMode="decimal"
      placeholder="0.00"
      style={{ width: 140 }}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
