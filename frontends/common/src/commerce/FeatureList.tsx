import { CheckOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';

/** A plan's benefits, each behind a green tick. */
export function FeatureList(props: {
  features: readonly string[];
  style: CSSProperties;
  itemStyle?: CSSProperties;
}) {
  return (
    <ul style={props.style}>
      {props.features.map((feature) => (
        <li key={feature} style={props.itemStyle}>
          <CheckOutlined style={{ color: '#52c41a', marginRight: 8 }} aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
