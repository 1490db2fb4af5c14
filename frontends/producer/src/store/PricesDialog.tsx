import type { LabBeat } from '@beatmatch/contracts';
import { addToCart, cartButtonLabel, useCart } from '@beatmatch/frontend-common/sdk';
import { App, Button, Modal } from 'antd';
import { errorText } from '../manage/manageApi';

const PACKAGES = [
  { name: 'First Date Package', price: (beat: LabBeat) => beat.firstDatePackage },
  { name: 'Relationship Package', price: (beat: LabBeat) => beat.relationshipPackage },
  { name: 'Marriage Package', price: (beat: LabBeat) => beat.marriagePackage },
] as const;

/** A store beat's packages with their prices ('-' is not offered) and add to cart. */
export function PricesDialog({ beat, onClose }: { beat: LabBeat; onClose: () => void }) {
  const { message } = App.useApp();
  const { items } = useCart();
  const add = (beatPackage: string) =>
    addToCart(beat.beatId, beatPackage)
      .then(() => message.success(`${beat.beatName} was added to your cart.`))
      .catch((error: unknown) => message.error(errorText(error)));
  return (
    <Modal open title={beat.beatName} onCancel={onClose} footer={null}>
      {PACKAGES.filter((pack) => pack.price(beat) !== '-').map((pack) => {
        const label = cartButtonLabel(items, beat.beatId, pack.name);
        return (
          <div key={pack.name} style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}>
            <strong>{pack.name}</strong>
            <span>
              ${pack.price(beat)}{' '}
              <Button
                type="primary"
                disabled={label === 'in cart'}
                aria-label={`${label} — ${pack.name}`}
                onClick={() => void add(pack.name)}
              >
                {label}
              </Button>
            </span>
          </div>
        );
      })}
    </Modal>
  );
}
