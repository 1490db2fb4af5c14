import { Form, InputNumber, Space } from 'antd';
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
  onPrice(key: keyof Prices, value: number | null): void;
}) {
  return (
    <Space wrap size="large">
      {PACKAGES.filter(({ key }) => withStems || key !== 'marriage').map(({ key, id, label }) => (
        <Form.Item key={key} label={label} htmlFor={id} required>
          <InputNumber
            id={id}
            prefix="$"
            min={0}
            step={0.01}
            precision={2}
            value={prices[key]}
            onChange={(value) => onPrice(key, value)}
          />
        </Form.Item>
      ))}
    </Space>
  );
}
