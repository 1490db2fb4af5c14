import { DeleteOutlined } from '@ant-design/icons';
import { formatDollars } from '@beatmatch/frontend-common/commerce';
import type { CartItem } from '@beatmatch/frontend-common/sdk';
import { Button, Tag, Typography } from 'antd';
import { BeatListItem } from './BeatListItem';

/** The non-exclusive licence every package is sold under (producer-side spec: content pages). */
export const LICENCE_PATH = '/policies/nonExclusive';

/** One beat in the cart: cover art, name, producer, package with its License link, price and Remove. */
export function CartItemRow({
  item,
  removing,
  onRemove,
}: {
  item: CartItem;
  removing: boolean;
  onRemove(): void;
}) {
  return (
    <BeatListItem
      testId="cart-item"
      coverArtUrl={item.coverArtUrl}
      beatName={item.beatName ?? 'Beat'}
      details={
        <>
          {item.producerName ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {item.producerName}
            </Typography.Text>
          ) : null}
          <Typography.Text style={{ display: 'block' }}>
            {item.beatPackage}
            {' · '}
            <a href={LICENCE_PATH} target="_blank" rel="noreferrer">
              License
            </a>
          </Typography.Text>
          {item.available === false ? <Tag color="default">Unavailable</Tag> : null}
          {item.notice ? (
            <Typography.Text type="warning" style={{ display: 'block' }} data-testid="cart-item-notice">
              {item.notice}
            </Typography.Text>
          ) : null}
        </>
      }
    >
      <Typography.Text strong style={{ fontSize: 16 }} data-testid="cart-item-price">
        {formatDollars(item.beatPrice)}
      </Typography.Text>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Remove ${item.beatName ?? 'beat'} from your cart`}
        loading={removing}
        onClick={onRemove}
      />
    </BeatListItem>
  );
}
